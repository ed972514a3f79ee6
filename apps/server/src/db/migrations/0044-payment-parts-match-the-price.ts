import { defineMigration } from '../define-migration.js';

/**
 * A payment and a change of the order's price (a coupon applied or removed, snacks changed) never
 * cross: the paying calls and the price changes lock the order row first, and two invariants hold
 * in the database whatever a service does.
 * - An unpaid order's price (`amount_fen`, `discount_fen`, `goods_fen`, `goods_discount_fen`) does
 *   not change while any part of a payment of it is pending.
 * - The parts of an attempt, when written, add up to the order's price (checked at commit, when
 *   every part is in): no card hold or WeChat transaction for a share of an older price.
 * With `check_order_paid` (a paid order collected exactly its price) a payment priced before a
 * change can neither pay the order nor wait for WeChat at the wrong price.
 */
export default defineMigration([
  `create function check_order_price_while_paying() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from payments where order_id = new.id and status = 'pending') then
      raise exception 'order % has a payment pending: its price stays % fen until it ends',
        new.id, old.amount_fen using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger orders_price_kept_while_paying
    before update of amount_fen, discount_fen, goods_fen, goods_discount_fen on orders
    for each row when (
      old.status = 'pending_payment' and new.status = 'pending_payment'
      and (old.amount_fen, old.discount_fen, old.goods_fen, old.goods_discount_fen)
        is distinct from (new.amount_fen, new.discount_fen, new.goods_fen, new.goods_discount_fen)
    )
    execute function check_order_price_while_paying()`,
  `create function check_payment_attempt_price() returns trigger language plpgsql as $$
  declare
    v_parts_fen bigint;
    v_order_fen int;
  begin
    -- Only parts still in count; a part given up in the same transaction asks nothing.
    if new.attempt_id is null
       or not exists (select 1 from payments
                       where id = new.id and status in ('pending', 'succeeded')) then
      return null;
    end if;
    -- An attempt's parts are all of one order: its index finds them.
    select coalesce(sum(amount_fen), 0) into v_parts_fen
      from payments
      where order_id = new.order_id and attempt_id = new.attempt_id
        and status in ('pending', 'succeeded');
    select amount_fen into v_order_fen from orders where id = new.order_id;
    if v_parts_fen <> v_order_fen then
      raise exception 'attempt % adds up to % fen but order % is priced % fen',
        new.attempt_id, v_parts_fen, new.order_id, v_order_fen using errcode = 'check_violation';
    end if;
    return null;
  end $$`,
  `create constraint trigger payments_attempt_matches_price
    after insert on payments deferrable initially deferred
    for each row execute function check_payment_attempt_price()`,
]);
