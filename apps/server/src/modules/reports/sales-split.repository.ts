import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import {
  inCinemas,
  int,
  moneyEvents,
  soldSeatsOf,
  type ReportScope,
} from './reports.repository.js';

/**
 * SQL of the sales split by channel (online / counter) and by payment method: read-only
 * aggregates over orders and payments, counted on the same days as the sales report.
 */

/** The range's sales of each channel that had any, as the sales report counts its days. */
export async function salesByChannel(db: Executor, scope: ReportScope) {
  const result = await sql<{
    channel: 'online' | 'counter';
    ticket_count: string;
    ticket_fen: string;
    goods_units: string;
    goods_fen: string;
    refund_fen: string;
  }>`
    with events as (${moneyEvents(scope)})
    select o.channel,
      sum(case when o.kind = 'film' and not o.is_refund then ${soldSeatsOf(sql`o.id`)} else 0 end)
        as ticket_count,
      sum(case when not o.is_refund then o.amount_fen - o.goods_part_fen else 0 end) as ticket_fen,
      sum(case when not o.is_refund then (
        select coalesce(sum(l.quantity), 0) from store_order_lines l where l.order_id = o.id
      ) else 0 end) as goods_units,
      sum(case when not o.is_refund then o.goods_part_fen else 0 end) as goods_fen,
      sum(case when o.is_refund then o.amount_fen else 0 end) as refund_fen
    from events o
    group by o.channel`.execute(db);
  return result.rows.map((row) => ({
    channel: row.channel,
    ticketCount: int(row.ticket_count),
    ticketFen: int(row.ticket_fen),
    goodsUnits: int(row.goods_units),
    goodsFen: int(row.goods_fen),
    refundFen: int(row.refund_fen),
  }));
}

/**
 * Money taken of the orders paid in the range, by payment method. A payment counts when it took
 * money (succeeded, or refunded since: refunds are counted on their own day) and was not handed
 * back at once for paying an order already paid. An order paid with no payment recorded counts
 * its whole amount under `other`. `combined_*`: orders with parts of more than one method.
 */
export async function salesByPaymentMethod(db: Executor, scope: ReportScope) {
  const result = await sql<{
    method: string;
    order_count: string;
    fen: string;
    combined_fen: string;
    combined_orders: string;
  }>`
    with paid as (
      select o.id, o.amount_fen + o.goods_refunded_fen as paid_fen
      from orders o
      where o.site_id = ${scope.siteId} and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
        and o.paid_at >= ${scope.fromAt} and o.paid_at < ${scope.toAt}
        and o.exchange_of is null
    ),
    parts as (
      select p.order_id, p.method, sum(p.amount_fen) as fen
      from payments p join paid on paid.id = p.order_id
      where p.status in ('succeeded', 'refund_pending', 'refunded') and not p.is_auto_refunded
      group by p.order_id, p.method
    ),
    methods_per_order as (
      select order_id, count(*) as methods from parts group by order_id
    )
    select p.method, count(*) as order_count, sum(p.fen) as fen,
      sum(case when m.methods > 1 then p.fen else 0 end) as combined_fen,
      (select count(*) from methods_per_order where methods > 1) as combined_orders
    from parts p join methods_per_order m on m.order_id = p.order_id
    group by p.method
    union all
    select 'other', count(*), sum(paid.paid_fen), 0,
      (select count(*) from methods_per_order where methods > 1)
    from paid
    where not exists (select 1 from parts where parts.order_id = paid.id)
    having count(*) > 0`.execute(db);
  return {
    methods: result.rows.map((row) => ({
      method: row.method,
      orderCount: int(row.order_count),
      fen: int(row.fen),
      combinedFen: int(row.combined_fen),
    })),
    combinedOrderCount: int(result.rows[0]?.combined_orders),
  };
}
