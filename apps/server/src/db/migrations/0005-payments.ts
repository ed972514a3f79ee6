import { defineMigration } from '../define-migration.js';

/**
 * Payments of orders (cards, WeChat Pay), their refunds, the paying calls' idempotency keys, the
 * WeChat notifications already processed (keyed by WeChat's transaction id, so a replay changes
 * nothing), and the local sandbox that plays WeChat Pay. Payment status moves only along
 * payment_status_transitions; a trigger refuses anything else.
 */
export default defineMigration([
  `create table payment_status_transitions (
    from_status text not null,
    to_status text not null,
    primary key (from_status, to_status)
  )`,
  `insert into payment_status_transitions (from_status, to_status) values
    ('pending', 'succeeded'), ('pending', 'failed'), ('pending', 'cancelled'),
    ('failed', 'succeeded'), ('cancelled', 'succeeded'),
    ('succeeded', 'refund_pending'), ('succeeded', 'refunded'),
    ('refund_pending', 'refunded')`,
  `create table payment_attempts (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    idempotency_key text not null,
    call text not null check (call in ('card', 'wechat')),
    order_id uuid not null references orders(id),
    request_hash text not null,
    answer jsonb,
    created_at timestamptz not null default now(),
    unique (user_id, idempotency_key)
  )`,
  `create table payments (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders(id),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    attempt_id uuid references payment_attempts(id) on delete set null,
    method text not null check (method in ('card', 'wechat')),
    amount_fen int not null check (amount_fen > 0),
    status text not null default 'pending' check (status in
      ('pending', 'succeeded', 'failed', 'cancelled', 'refund_pending', 'refunded')),
    out_trade_no text not null unique,
    transaction_id text unique,
    prepay_id text,
    idempotency_key text,
    is_auto_refunded boolean not null default false,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    expires_at timestamptz not null
  )`,
  `create unique index payments_idempotency on payments (user_id, idempotency_key, method)
    where idempotency_key is not null`,
  `create index payments_order on payments (order_id, created_at)`,
  `create index payments_pending_expiry on payments (expires_at) where status = 'pending'`,
  `create function check_payment_transition() returns trigger language plpgsql as $$
  begin
    if new.status is distinct from old.status then
      if not exists (select 1 from payment_status_transitions
                     where from_status = old.status and to_status = new.status) then
        raise exception 'payment % cannot move from % to %', old.id, old.status, new.status
          using errcode = 'check_violation';
      end if;
    end if;
    return new;
  end $$`,
  `create trigger payments_status_transition before update on payments
    for each row execute function check_payment_transition()`,
  `create table payment_refunds (
    out_refund_no text primary key,
    payment_id uuid not null references payments(id),
    order_id uuid not null references orders(id),
    amount_fen int not null check (amount_fen > 0),
    status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
    is_automatic boolean not null,
    reason text not null,
    provider_refund_id text,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create unique index payment_refunds_one_per_payment on payment_refunds (payment_id)`,
  `create index payment_refunds_pending on payment_refunds (created_at) where status = 'pending'`,
  `create table payment_notifications (
    transaction_id text primary key,
    site_id uuid not null references sites(id),
    out_trade_no text not null,
    payment_id uuid not null references payments(id),
    outcome text not null check (outcome in ('paid', 'auto_refund', 'already_settled')),
    received_at timestamptz not null
  )`,
  `create table sandbox_pay_transactions (
    prepay_id text primary key,
    site_id uuid not null references sites(id),
    out_trade_no text not null unique,
    description text not null,
    amount_fen int not null check (amount_fen > 0),
    payer_openid text not null,
    notify_url text not null,
    state text not null default 'NOTPAY'
      check (state in ('NOTPAY', 'SUCCESS', 'CLOSED', 'PAYERROR', 'REFUND')),
    transaction_id text unique,
    success_at timestamptz,
    expires_at timestamptz not null,
    created_at timestamptz not null
  )`,
  `create table sandbox_pay_refunds (
    out_refund_no text primary key,
    out_trade_no text not null references sandbox_pay_transactions(out_trade_no),
    refund_id text not null unique,
    refund_fen int not null check (refund_fen > 0),
    created_at timestamptz not null
  )`,
]);
