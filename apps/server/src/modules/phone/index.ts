/**
 * Phones: SMS codes that prove a phone (pay password reset, binding a phone), the bound phone as a
 * second factor (proof before a change, the wait before a reset), the SMS adapter and its sandbox
 * inbox, and the account's security log. Other modules import only from here.
 */
export { registerPhoneRoutes } from './phone.routes.js';
export { registerSandboxSmsRoutes, sendNoticeSms, SANDBOX_SMS_PATH } from './sms.js';
export { checkPhoneCode, useCheckedCode } from './phone-codes.service.js';
export { recordSecurityEvent, listSecurityEvents } from './security-log.js';
export { assertResetNotHeld } from './reset-hold.js';
export type { PayPasswordCheck } from './phone-change.service.js';
export { noSmsProvider, tencentSmsSettings, type TencentSmsSettingsInput } from './sms-settings.js';
