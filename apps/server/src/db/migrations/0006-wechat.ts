import { defineMigration } from '../define-migration.js';

/**
 * What a site needs to talk to WeChat itself (see README "Switching a site to real WeChat"):
 * its WeChat Pay merchant credentials, and the tokens WeChat hands out (the access token, the
 * JS-SDK ticket) cached for every server instance, with a lease so one instance refreshes them.
 * The secrets sit in columns for now; a secrets store can replace them without touching callers.
 */
export default defineMigration([
  `alter table sites
    add column wechat_mch_id text,
    add column wechat_pay_serial_no text,
    add column wechat_pay_private_key text,
    add column wechat_pay_api_v3_key text
      check (wechat_pay_api_v3_key is null or octet_length(wechat_pay_api_v3_key) = 32),
    add column wechat_pay_platform_serial text,
    add column wechat_pay_platform_public_key text`,
  `create table wechat_tokens (
    site_id uuid not null references sites(id),
    kind text not null check (kind in ('access_token', 'jsapi_ticket')),
    value text,
    expires_at timestamptz,
    lease_owner text,
    lease_expires_at timestamptz,
    updated_at timestamptz not null,
    primary key (site_id, kind),
    check ((value is null) = (expires_at is null))
  )`,
]);
