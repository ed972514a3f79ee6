import { defineMigration } from '../define-migration.js';

/**
 * Ticket exchange (改签, decision 025). `film_order_exchanges` is an order's exchange history and
 * its "once" rule: a unique index on the order. The refund of a cheaper exchange is a second,
 * partial refund of a payment: `payment_refunds.kind` tells it from the full refund, one of each
 * per payment at most, and a trigger keeps a payment's refunds within what it took.
 */
export default defineMigration([
  `create table film_order_exchanges (
    id bigint generated always as identity primary key,
    order_id uuid not null references orders(id),
    from_show_id uuid not null references shows(id),
    to_show_id uuid not null references shows(id),
    from_seat_labels jsonb not null,
    to_seat_labels jsonb not null,
    from_ticket_code text not null,
    to_ticket_code text not null,
    from_amount_fen int not null check (from_amount_fen > 0),
    to_amount_fen int not null check (to_amount_fen > 0),
    refund_fen int not null,
    created_at timestamptz not null,
    check (from_show_id <> to_show_id),
    check (to_ticket_code <> from_ticket_code),
    check (refund_fen = from_amount_fen - to_amount_fen and refund_fen >= 0)
  )`,
  `create unique index film_order_exchanges_once on film_order_exchanges (order_id)`,
  `alter table payment_refunds add column kind text not null default 'full'
    check (kind in ('full', 'exchange'))`,
  `drop index payment_refunds_one_per_payment`,
  `create unique index payment_refunds_one_per_payment on payment_refunds (payment_id, kind)`,
  `create function check_refunds_within_payment() returns trigger language plpgsql as $$
  begin
    if (select coalesce(sum(r.amount_fen), 0) from payment_refunds r
        where r.payment_id = new.payment_id and r.status <> 'failed')
       > (select p.amount_fen from payments p where p.id = new.payment_id) then
      raise exception 'refunds of payment % exceed what it took', new.payment_id
        using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger payment_refunds_within_payment after insert or update on payment_refunds
    for each row execute function check_refunds_within_payment()`,
]);
