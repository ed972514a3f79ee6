import { defineMigration } from '../define-migration.js';

/**
 * The site's WeChat Pay API v2 key (32 characters, set in the merchant platform), which signs the
 * box office's 付款码 payments (micropay, orderquery, reverse: API v2 only). Encrypted at rest like
 * the site's other WeChat secrets; null where no counter takes payment codes (sandbox sites need
 * none).
 */
export default defineMigration([`alter table sites add column wechat_pay_api_v2_key text`]);
