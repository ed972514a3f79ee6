import { defineMigration } from '../define-migration.js';

/**
 * Snacks in the ticket flow (decision 029): goods added to an unpaid film order are lines of that
 * order (`store_order_lines`, stock taken as for a store order, decision 006), paid by the same
 * payment and picked up with a pickup code of their own.
 * - `orders.goods_fen`: the goods' part of a film order before the coupon (0 when it has none),
 *   `goods_discount_fen` the coupon's share of it; `goods_code` the pickup code of the goods (its
 *   own unique index; ticket codes have other lengths, decision 009), `goods_picked_up_*` the
 *   counter's check-in, `goods_refunded_*` a goods-only refund. Never picked up and refunded both.
 * - The goods follow the order in SQL, whoever moves it (hold replaced by `hold_film_seats`, the
 *   sweep, a cancel, a refund, a cancelled show): paid sells the reserved lines; cancelled,
 *   expired or refunded (goods not picked up) gives their units back through
 *   `release_order_goods`, which moves a line out of reserved/sold once, so units return once.
 * - `check_order_paid` (0026) is redefined: for an order with goods it also requires
 *   goods_fen = its live lines, amount + discount = seats + goods, and the card part of each order
 *   part within what cards of that part may pay (a film-only card never pays goods, a goods-only
 *   card never pays tickets; 'general' pays both).
 * - A goods-only refund is a partial refund of each payment of kind 'goods', one per payment.
 */
export default defineMigration([
  `alter table orders
    add column goods_fen int not null default 0 check (goods_fen >= 0),
    add column goods_discount_fen int not null default 0,
    add column goods_code text,
    add column goods_picked_up_at timestamptz,
    add column goods_picked_up_by_name text,
    add column goods_refunded_at timestamptz,
    add column goods_refunded_fen int not null default 0 check (goods_refunded_fen >= 0)`,
  `alter table orders add constraint orders_goods_only_on_film
    check (kind = 'film' or (goods_fen = 0 and goods_code is null))`,
  `alter table orders add constraint orders_goods_discount_within
    check (goods_discount_fen between 0 and least(goods_fen, discount_fen))`,
  `alter table orders add constraint orders_goods_picked_up_or_refunded
    check (goods_picked_up_at is null or goods_refunded_at is null)`,
  `alter table orders add constraint orders_goods_picked_up_by
    check ((goods_picked_up_at is null) = (goods_picked_up_by_name is null))`,
  `alter table orders add constraint orders_goods_refund_within
    check (goods_refunded_fen <= goods_fen - goods_discount_fen
      and (goods_refunded_at is not null or goods_refunded_fen = 0))`,
  `create unique index orders_goods_code on orders (site_id, goods_code)
    where goods_code is not null`,
  `alter table payment_refunds drop constraint payment_refunds_kind_check`,
  `alter table payment_refunds add constraint payment_refunds_kind_check
    check (kind in ('full', 'exchange', 'goods'))`,
  `create function release_order_goods(p_order_id uuid) returns int language plpgsql as $$
  declare
    v_line record;
    v_units int := 0;
  begin
    -- Lines move out of reserved/sold once; only what moved goes back, in variant-id order like
    -- every other writer of stock (decision 006).
    for v_line in
      with released as (
        update store_order_lines set state = 'released'
          where order_id = p_order_id and state in ('reserved', 'sold')
          returning variant_id, quantity
      )
      select variant_id, sum(quantity)::int as quantity from released
        group by variant_id order by variant_id
    loop
      update goods_variants set stock = stock + v_line.quantity where id = v_line.variant_id;
      v_units := v_units + v_line.quantity;
    end loop;
    return v_units;
  end $$`,
  `create function film_order_goods_follow() returns trigger language plpgsql as $$
  begin
    if new.kind <> 'film' or new.goods_fen = 0 or new.status = old.status then
      return null;
    end if;
    if old.status = 'pending_payment' and new.status = 'paid' then
      update store_order_lines set state = 'sold' where order_id = new.id and state = 'reserved';
    elsif new.status in ('cancelled', 'expired')
       or (new.status = 'refunded' and new.goods_picked_up_at is null) then
      perform release_order_goods(new.id);
    end if;
    return null;
  end $$`,
  `create trigger orders_film_goods_follow after update of status on orders
    for each row execute function film_order_goods_follow()`,
  `create or replace function check_order_paid() returns trigger language plpgsql as $$
  declare
    paid_fen bigint;
    card_fen bigint;
    attempts int;
    ledger_fen bigint;
    coupon_fen bigint;
    lines_fen bigint;
    seats_fen bigint;
    goods_paid_fen bigint;
    film_only_fen bigint;
    goods_only_fen bigint;
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
      if new.goods_fen > 0 then
        select coalesce(sum(amount_fen), 0) into lines_fen
          from store_order_lines where order_id = new.id and state in ('reserved', 'sold');
        select coalesce(sum(discount_price_fen), 0) into seats_fen
          from film_order_seats where order_id = new.id;
        if lines_fen <> new.goods_fen or new.amount_fen + new.discount_fen <> seats_fen + lines_fen then
          raise exception 'order % pays % + % fen off but its seats are % and its goods % fen',
            new.id, new.amount_fen, new.discount_fen, seats_fen, lines_fen
            using errcode = 'check_violation';
        end if;
        goods_paid_fen := new.goods_fen - new.goods_discount_fen;
        select coalesce(-sum(l.amount_fen) filter (where not (c.card_types && array['general', 'goods'])), 0),
               coalesce(-sum(l.amount_fen) filter (where not (c.card_types && array['general', 'film'])), 0)
          into film_only_fen, goods_only_fen
          from card_ledger l join cards c on c.id = l.card_id where l.order_id = new.id;
        if film_only_fen > new.amount_fen - goods_paid_fen or goods_only_fen > goods_paid_fen then
          raise exception 'order % cards pay % fen of tickets and % fen of goods beyond their part',
            new.id, film_only_fen, goods_only_fen using errcode = 'check_violation';
        end if;
      end if;
    end if;
    return new;
  end $$`,
]);
