import type { FastifyInstance } from 'fastify';
import { messageListCall, noticeSubscriptionCall, subscribeNoticesCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { listMessages, noticeSubscription, subscribeNotices } from './notices.service.js';

export function registerNoticeRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, messageListCall, ({ user }) => listMessages(deps, user));
  bindCall(app, deps, noticeSubscriptionCall, ({ site, user }) =>
    noticeSubscription(deps, site, user),
  );
  bindCall(app, deps, subscribeNoticesCall, ({ site, user, body }) =>
    subscribeNotices(deps, site, user, body.kinds),
  );
}
