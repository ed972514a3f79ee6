import { defineMigration } from '../define-migration.js';

/**
 * A site's SMS provider (decision 032): Tencent Cloud SMS, set by `npm run site:sms`. The secret
 * key is stored encrypted like the WeChat secrets (lib/secrets.ts); the rest is plain. A provider
 * is configured whole or not at all. A code whose text message surely did not go out is marked
 * (`send_failed_at`): it never works and does not count towards the sending limits.
 */
export default defineMigration([
  `alter table sites
    add column sms_provider text check (sms_provider in ('tencent')),
    add column sms_secret_id text,
    add column sms_secret_key text,
    add column sms_sdk_app_id text,
    add column sms_sign_name text,
    add column sms_template_id text,
    add column sms_region text,
    add constraint sites_sms_provider_whole check (
      sms_provider is null or (
        sms_secret_id is not null and sms_secret_key is not null and sms_sdk_app_id is not null
        and sms_sign_name is not null and sms_template_id is not null and sms_region is not null
      )
    )`,
  `alter table phone_codes add column send_failed_at timestamptz`,
]);
