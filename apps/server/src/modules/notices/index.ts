/**
 * Messages that reach the moviegoer: the outbox written in each event's transaction, the worker
 * that sends WeChat subscription notices from it, consent per notice kind, and the in-app list.
 */
export { enqueueNotice } from './notice-outbox.js';
export { sendDueNotices, startNoticeWorker } from './notice-worker.js';
export { registerNoticeRoutes } from './notices.routes.js';
export { enqueueShowChangeNotices, type ShowChangeDetail } from './show-change-notices.js';
export { listShowNotices, resendShowNotice } from './show-notices.service.js';
