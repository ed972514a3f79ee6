import { defineMigration } from '../define-migration.js';

/**
 * Messages that reach the moviegoer (decision 026): each site's subscription-notice template ids,
 * the user's consent per notice kind, and the outbox a worker sends from. An outbox row is written
 * in the transaction of its event (paid, refunded, ready; the reminder by the worker's scan) and is
 * unique per event, order and user, so it is never written, nor sent, twice; its state moves only
 * by conditional updates (pending → sending → sent | refused | failed | skipped).
 */
export default defineMigration([
  `alter table sites
    add column notice_template_paid text,
    add column notice_template_reminder text,
    add column notice_template_refunded text,
    add column notice_template_ready text`,
  // Sandbox sites send to the local stand-in: give them stand-in template ids so consent shows.
  `update sites set notice_template_paid = 'sandbox-notice-paid',
    notice_template_reminder = 'sandbox-notice-reminder',
    notice_template_refunded = 'sandbox-notice-refunded',
    notice_template_ready = 'sandbox-notice-ready'
    where messenger_mode = 'sandbox'`,
  `create table notice_consents (
    user_id uuid not null references users(id),
    kind text not null check (kind in ('paid', 'reminder', 'refunded', 'ready')),
    template_id text not null,
    consented_at timestamptz not null default now(),
    primary key (user_id, kind)
  )`,
  `create table notice_outbox (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    order_id uuid not null references orders(id),
    kind text not null check (kind in ('paid', 'reminder', 'refunded', 'ready')),
    payload jsonb not null,
    state text not null default 'pending'
      check (state in ('pending', 'sending', 'sent', 'refused', 'failed', 'skipped')),
    attempts int not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    claimed_until timestamptz,
    last_error text,
    sent_at timestamptz,
    created_at timestamptz not null default now(),
    check ((state = 'sent') = (sent_at is not null)),
    unique (kind, order_id, user_id)
  )`,
  `create index notice_outbox_due on notice_outbox (next_attempt_at) where state in ('pending', 'sending')`,
  `create index notice_outbox_user on notice_outbox (user_id, created_at desc)`,
]);
