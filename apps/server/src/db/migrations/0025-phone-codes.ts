import { defineMigration } from '../define-migration.js';

/**
 * Codes that prove a phone (pay password reset, binding a phone), the messages the SMS stand-in
 * of sandbox sites "sent", and the account's security log. A code is only its keyed hash; its
 * tries are capped by a CHECK, and it is used once (`used_at` set by one conditional update).
 */
export default defineMigration([
  `create table phone_codes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    purpose text not null check (purpose in ('payPasswordReset', 'bindPhone')),
    phone text not null check (phone ~ '^1[3-9][0-9]{9}$'),
    code_hash text not null,
    expires_at timestamptz not null,
    attempts int not null default 0 check (attempts between 0 and 5),
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index phone_codes_user on phone_codes (user_id, purpose, created_at desc)`,
  `create table sms_messages (
    id bigint generated always as identity primary key,
    site_id uuid not null references sites(id),
    phone text not null,
    text text not null,
    created_at timestamptz not null default now()
  )`,
  `create index sms_messages_phone on sms_messages (site_id, phone, created_at desc)`,
  `create table card_security_events (
    id bigint generated always as identity primary key,
    user_id uuid not null references users(id),
    kind text not null check (kind in
      ('payPasswordSet', 'payPasswordChanged', 'payPasswordReset', 'payPasswordLocked', 'phoneBound')),
    phone text,
    created_at timestamptz not null default now()
  )`,
  `create index card_security_events_user on card_security_events (user_id, created_at desc)`,
]);
