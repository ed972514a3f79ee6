import { defineMigration } from '../define-migration.js';

/**
 * A site's public origin (`https://www-test.example.com`): WeChat Pay's notify_url is built on it,
 * or on the env PUBLIC_ORIGIN when null, never on the request's Host header. The API v3 key's
 * length check moves to the CLI: the column now holds the key encrypted (0012).
 */
export default defineMigration([
  `alter table sites
    add column public_origin text check (public_origin ~ '^https?://[^/?#\\s]+$')`,
  `alter table sites drop constraint if exists sites_wechat_pay_api_v3_key_check`,
]);
