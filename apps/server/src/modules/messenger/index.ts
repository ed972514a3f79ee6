export { exchangeMessengerCode, messengerFor } from './messenger.service.js';
export type { MessengerProfile } from './providers/messenger-provider.js';
export { registerMessengerRoutes } from './messenger.routes.js';
export { registerSandboxRoutes } from './sandbox.routes.js';
export { SANDBOX_AUTHORIZE_PATH } from './providers/sandbox.provider.js';
export { forgetWechatAccessToken, jsapiTicket, wechatAccessToken } from './jsapi.service.js';
