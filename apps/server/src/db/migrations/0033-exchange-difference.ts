import { defineMigration } from '../define-migration.js';

/**
 * A dearer ticket exchange pays the difference (decision 031). The attempt is an order of its own,
 * `orders.exchange_of` naming the ticketed order it would change: it holds the new seats and costs
 * the difference, so the normal payment flow (cards, WeChat Pay, both; notices, sweeps, automatic
 * refunds) pays it. Its payment moves the seats to the original order. The database keeps:
 * - one exchange order waiting per original order (a partial unique index);
 * - an exchange order never gets a ticket code and never becomes ticketed, ready or used: only the
 *   original order admits;
 * - the history row of a dearer exchange names its exchange order (once), and refunds nothing.
 * The notice of a done exchange (改签成功) joins the outbox's kinds, with its own template id.
 */
export default defineMigration([
  `alter table orders add column exchange_of uuid references orders(id)`,
  `alter table orders add constraint orders_exchange_of_film check (
    exchange_of is null or (
      exchange_of <> id and kind = 'film' and pickup_code is null
      and status in ('pending_payment', 'paid', 'cancelled', 'expired', 'refunded')))`,
  `create index orders_exchange_of on orders (exchange_of) where exchange_of is not null`,
  `create unique index orders_one_pending_exchange on orders (exchange_of)
    where exchange_of is not null and status = 'pending_payment'`,
  `alter table film_order_exchanges
    add column difference_order_id uuid unique references orders(id)`,
  // 0027 allowed only a refund (from ≥ to); a dearer exchange is paid by its exchange order.
  `do $$
  declare
    name text;
  begin
    select conname into name from pg_constraint
    where conrelid = 'film_order_exchanges'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%refund_fen%';
    execute format('alter table film_order_exchanges drop constraint %I', name);
  end $$`,
  `alter table film_order_exchanges add constraint film_order_exchanges_price check (
    (refund_fen = from_amount_fen - to_amount_fen and refund_fen >= 0
      and difference_order_id is null)
    or (refund_fen = 0 and to_amount_fen > from_amount_fen and difference_order_id is not null))`,
  `alter table sites add column notice_template_exchanged text`,
  `update sites set notice_template_exchanged = 'sandbox-notice-exchanged'
    where messenger_mode = 'sandbox'`,
  `alter table notice_consents drop constraint notice_consents_kind_check`,
  `alter table notice_consents add constraint notice_consents_kind_check
    check (kind in ('paid', 'reminder', 'refunded', 'ready', 'exchanged'))`,
  `alter table notice_outbox drop constraint notice_outbox_kind_check`,
  `alter table notice_outbox add constraint notice_outbox_kind_check
    check (kind in ('paid', 'reminder', 'refunded', 'ready', 'exchanged'))`,
]);
