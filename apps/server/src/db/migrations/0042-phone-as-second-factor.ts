import { defineMigration } from '../define-migration.js';

/**
 * The bound phone as a second factor (decision 038). Changing a bound phone needs a proof of the
 * old one (a `changePhone` code texted to it, or the pay password), kept as its keyed hash in
 * `phone_change_proofs` and taken once by the bind; `users.phone_changed_at` starts the 24 hours
 * in which a pay password reset by SMS is refused. The security log gains the change (with the
 * number it replaced) and the refused resets. A Tencent site may name a second, notification
 * template for the text that tells the old number its binding changed.
 */
export default defineMigration([
  `alter table users add column phone_changed_at timestamptz`,
  `alter table phone_codes drop constraint phone_codes_purpose_check`,
  `alter table phone_codes add constraint phone_codes_purpose_check
    check (purpose in ('payPasswordReset', 'bindPhone', 'changePhone'))`,
  `create table phone_change_proofs (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    proof_hash text not null unique,
    method text not null check (method in ('oldPhoneCode', 'payPassword')),
    phone text not null check (phone ~ '^1[3-9][0-9]{9}$'),
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index phone_change_proofs_user on phone_change_proofs (user_id, created_at desc)`,
  `alter table card_security_events drop constraint card_security_events_kind_check`,
  `alter table card_security_events add constraint card_security_events_kind_check
    check (kind in ('payPasswordSet', 'payPasswordChanged', 'payPasswordReset', 'payPasswordLocked',
      'phoneBound', 'phoneChanged', 'payPasswordResetRefused'))`,
  `alter table card_security_events add column previous_phone text`,
  `alter table sites add column sms_notice_template_id text`,
]);
