import { defineMigration } from '../define-migration.js';

/**
 * Stored-value cards: the append-only ledger every balance change writes (the card's balance_fen
 * is its cache, updated in the same transaction), top-up vouchers used once, throttled voucher
 * attempts, and the pay password's lockout, replay guard and RSA key.
 */
export default defineMigration([
  `create table card_ledger (
    id bigint generated always as identity primary key,
    card_id uuid not null references cards(id),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    kind text not null check (kind in
      ('recharge', 'payment', 'refund', 'hold', 'hold_release', 'hold_commit', 'adjustment')),
    amount_fen int not null,
    balance_after_fen int not null check (balance_after_fen >= 0),
    order_id uuid references orders(id),
    voucher_id uuid,
    reason text not null,
    created_at timestamptz not null default now(),
    check (case
      when kind in ('recharge', 'refund', 'hold_release') then amount_fen > 0
      when kind in ('payment', 'hold') then amount_fen < 0
      when kind = 'hold_commit' then amount_fen = 0
      else amount_fen <> 0 end),
    check (kind not in ('payment', 'refund', 'hold', 'hold_release', 'hold_commit')
      or order_id is not null)
  )`,
  `create index card_ledger_user on card_ledger (user_id, id desc)`,
  `create index card_ledger_card on card_ledger (card_id, id desc)`,
  `create index card_ledger_order on card_ledger (order_id) where order_id is not null`,
  `create function refuse_ledger_change() returns trigger language plpgsql as $$
  begin
    raise exception 'card_ledger is append-only: % refused', tg_op
      using errcode = 'restrict_violation';
  end $$`,
  `create trigger card_ledger_append_only before update or delete on card_ledger
    for each row execute function refuse_ledger_change()`,
  `create trigger card_ledger_no_truncate before truncate on card_ledger
    for each statement execute function refuse_ledger_change()`,
  `create table top_up_vouchers (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    card_no text not null,
    password_hash text not null,
    card_type text not null,
    amount_fen int not null check (amount_fen > 0),
    created_at timestamptz not null default now(),
    used_at timestamptz,
    used_by uuid references users(id),
    card_id uuid references cards(id),
    unique (site_id, card_no),
    foreign key (site_id, card_type) references card_types(site_id, code),
    check ((used_at is null) = (used_by is null) and (used_at is null) = (card_id is null))
  )`,
  `alter table card_ledger add foreign key (voucher_id) references top_up_vouchers(id)`,
  `create table voucher_attempts (
    id bigint generated always as identity primary key,
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    card_no text not null,
    created_at timestamptz not null
  )`,
  `create index voucher_attempts_user on voucher_attempts (user_id, created_at)`,
  `create index voucher_attempts_card_no on voucher_attempts (site_id, card_no, created_at)`,
  `alter table users
    add column pay_password_failures int not null default 0 check (pay_password_failures >= 0),
    add column pay_password_locked_until timestamptz`,
  `create table pay_payload_nonces (
    nonce text primary key,
    expires_at timestamptz not null
  )`,
  `create index pay_payload_nonces_expiry on pay_payload_nonces (expires_at)`,
  `create table server_keys (
    id text primary key,
    purpose text not null unique,
    algorithm text not null,
    public_spki text not null,
    private_pkcs8 text not null,
    created_at timestamptz not null default now()
  )`,
]);
