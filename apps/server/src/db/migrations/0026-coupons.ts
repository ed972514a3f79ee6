import { defineMigration } from '../define-migration.js';

/**
 * Coupons (decision 024). A campaign of a site gives coupons (by promo code, or to every new
 * user); a coupon takes money off one order.
 * - Given out at most `total_quantity` (CHECK on `issued_count`, raised by one conditional
 *   update that also locks the campaign) and at most `per_user_limit` per user (each of a user's
 *   coupons of a campaign has a `seq`, unique per user, that a trigger keeps within the limit).
 * - A coupon is `unused`, `held` by one unpaid order, or `used` by a paid one: taken by one
 *   conditional update (`where status = 'unused'`), one coupon per order (unique index).
 * - `orders.amount_fen` stays what must be paid (so payments, refunds and reports keep meaning
 *   money collected); `orders.discount_fen` is the coupon's part, the price before it their sum.
 *   `check_order_paid` now also refuses pending_payment → paid unless the discount is the one
 *   its held coupon gives. When an order is paid its coupon is used; when it is cancelled,
 *   expired or refunded its coupon comes back if its campaign is still valid (trigger).
 * - A campaign `is_for_new_users` gives each user created while it runs one coupon, in the
 *   transaction that creates the user (trigger), while its quantity lasts.
 */
export default defineMigration([
  `create table coupon_campaigns (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    title text not null check (length(title) between 1 and 40),
    promo_code text check (promo_code ~ '^[A-Z0-9_-]{3,40}$'),
    is_for_new_users boolean not null default false,
    discount_kind text not null check (discount_kind in ('amount', 'percent')),
    discount_value int not null check (discount_value > 0),
    cap_fen int check (cap_fen > 0),
    min_spend_fen int not null default 0 check (min_spend_fen >= 0),
    scope text not null check (scope in ('tickets', 'goods', 'both')),
    film_ids uuid[] not null default '{}',
    cinema_ids uuid[] not null default '{}',
    valid_from timestamptz not null,
    valid_to timestamptz not null,
    total_quantity int not null check (total_quantity > 0),
    issued_count int not null default 0,
    per_user_limit int not null default 1 check (per_user_limit > 0),
    created_at timestamptz not null default now(),
    check (valid_to > valid_from),
    check (issued_count between 0 and total_quantity),
    check (discount_kind = 'amount' and cap_fen is null
      or discount_kind = 'percent' and discount_value between 1 and 99)
  )`,
  `create unique index coupon_campaigns_promo_code on coupon_campaigns (site_id, promo_code)
    where promo_code is not null`,
  `create table coupons (
    id uuid primary key default gen_random_uuid(),
    campaign_id uuid not null references coupon_campaigns(id),
    user_id uuid not null references users(id),
    seq int not null check (seq > 0),
    status text not null default 'unused' check (status in ('unused', 'held', 'used')),
    order_id uuid references orders(id),
    discount_fen int not null default 0 check (discount_fen >= 0),
    used_at timestamptz,
    created_at timestamptz not null default now(),
    check ((status = 'unused') = (order_id is null)),
    check ((status = 'used') = (used_at is not null))
  )`,
  `create unique index coupons_seq_per_user on coupons (campaign_id, user_id, seq)`,
  `create unique index coupons_one_per_order on coupons (order_id) where order_id is not null`,
  `create index coupons_user on coupons (user_id, created_at desc)`,
  `create function check_coupon_seq() returns trigger language plpgsql as $$
  begin
    if new.seq > (select per_user_limit from coupon_campaigns where id = new.campaign_id) then
      raise exception 'coupon % is past its campaign''s per-user limit', new.seq
        using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger coupons_within_user_limit before insert on coupons
    for each row execute function check_coupon_seq()`,
  `alter table orders add column discount_fen int not null default 0 check (discount_fen >= 0)`,
  `create or replace function check_order_paid() returns trigger language plpgsql as $$
  declare
    paid_fen bigint;
    card_fen bigint;
    attempts int;
    ledger_fen bigint;
    coupon_fen bigint;
  begin
    if old.status = 'pending_payment' and new.status = 'paid' then
      select coalesce(sum(amount_fen), 0),
             coalesce(sum(amount_fen) filter (where method = 'card'), 0),
             count(distinct coalesce(attempt_id::text, id::text))
        into paid_fen, card_fen, attempts
        from payments where order_id = new.id and status = 'succeeded';
      if paid_fen <> new.amount_fen or attempts > 1 then
        raise exception 'order % is % fen but one attempt collected % fen (% attempts)',
          new.id, new.amount_fen, paid_fen, attempts using errcode = 'check_violation';
      end if;
      select coalesce(-sum(amount_fen), 0) into ledger_fen
        from card_ledger where order_id = new.id;
      if ledger_fen <> card_fen then
        raise exception 'order % card part is % fen but its cards are charged % fen',
          new.id, card_fen, ledger_fen using errcode = 'check_violation';
      end if;
      select coalesce(sum(discount_fen), 0) into coupon_fen
        from coupons where order_id = new.id and status = 'held';
      if coupon_fen <> new.discount_fen then
        raise exception 'order % takes % fen off but its coupon gives % fen',
          new.id, new.discount_fen, coupon_fen using errcode = 'check_violation';
      end if;
    end if;
    return new;
  end $$`,
  `create function settle_order_coupon() returns trigger language plpgsql as $$
  begin
    if new.status = 'paid' and old.status = 'pending_payment' then
      update coupons set status = 'used', used_at = now()
        where order_id = new.id and status = 'held';
    elsif new.status in ('cancelled', 'expired', 'refunded') and old.status <> new.status then
      update coupons c set status = 'unused', order_id = null, discount_fen = 0, used_at = null
        from coupon_campaigns k
        where c.order_id = new.id and k.id = c.campaign_id
          and (c.status = 'held' or k.valid_to > now());
    end if;
    return null;
  end $$`,
  `create trigger orders_settle_coupon after update of status on orders
    for each row execute function settle_order_coupon()`,
  `create function give_new_user_coupons() returns trigger language plpgsql as $$
  begin
    with given as (
      update coupon_campaigns set issued_count = issued_count + 1
        where site_id = new.site_id and is_for_new_users
          and valid_from <= now() and valid_to > now() and issued_count < total_quantity
        returning id
    )
    insert into coupons (campaign_id, user_id, seq) select id, new.id, 1 from given;
    return null;
  end $$`,
  `create trigger users_get_new_user_coupons after insert on users
    for each row execute function give_new_user_coupons()`,
]);
