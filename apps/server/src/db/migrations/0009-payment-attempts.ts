import { defineMigration } from '../define-migration.js';

/**
 * One live payment attempt per order, and an order paid only by money actually collected
 * (decision 004, "one live attempt").
 * - At most one pending payment per order and method: a combined attempt is one pending card part
 *   and one pending WeChat part; a new attempt first moves the old one's parts out of pending.
 * - `provider_closed_at`: when WeChat confirmed that a WeChat transaction can no longer be paid
 *   (closed by us, or reported CLOSED). A cancelled or failed WeChat payment with a prepay id and
 *   no such time may still take money: the payment sweep closes it, and settles (refunds) it when
 *   WeChat says it was paid.
 * - A trigger refuses pending_payment → paid unless the order's succeeded payments are the parts
 *   of one attempt, add up to the order's total, and its card part is really charged in the card
 *   ledger (net of holds released and refunds).
 */
export default defineMigration([
  `create unique index payments_one_pending_per_method on payments (order_id, method)
    where status = 'pending'`,
  `alter table payments add column provider_closed_at timestamptz`,
  `create index payments_unclosed on payments (updated_at)
    where method = 'wechat' and status in ('cancelled', 'failed')
      and prepay_id is not null and provider_closed_at is null`,
  `create function check_order_paid() returns trigger language plpgsql as $$
  declare
    paid_fen bigint;
    card_fen bigint;
    attempts int;
    ledger_fen bigint;
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
    end if;
    return new;
  end $$`,
  `create trigger orders_paid_by_collected_money before update on orders
    for each row execute function check_order_paid()`,
]);
