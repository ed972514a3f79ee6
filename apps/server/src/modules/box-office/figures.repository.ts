import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/schema.js';

/**
 * SQL of the box office's figures: a shift's (the payments and refunds taken in it) and a
 * cinema's business day (orders paid and refunds given in its window). No rules.
 */

export type Method = 'cash' | 'card' | 'wechat';

export interface MethodRow {
  method: Method;
  salesCount: number;
  salesFen: number;
  refundsCount: number;
  refundsFen: number;
}

export interface Figures {
  byMethod: MethodRow[];
  orders: number;
  tickets: number;
  snacks: number;
}

/** Payments that took money (and may have given it back since). */
const TOOK_MONEY = sql`p.status in ('succeeded', 'refund_pending', 'refunded')`;
/** Refunds given or on their way (WeChat answers later). */
const GAVE_BACK = sql`r.status in ('succeeded', 'pending')`;

export type FiguresScope = { shiftId: string } | { cinemaId: string; from: Date; to: Date };

export async function figuresOf(db: Executor, scope: FiguresScope): Promise<Figures> {
  const paymentsIn: RawBuilder<unknown> =
    'shiftId' in scope
      ? sql`p.shift_id = ${scope.shiftId}`
      : sql`o.cinema_id = ${scope.cinemaId} and o.paid_at >= ${scope.from} and o.paid_at < ${scope.to}`;
  const refundsIn: RawBuilder<unknown> =
    'shiftId' in scope
      ? sql`r.shift_id = ${scope.shiftId}`
      : sql`o.cinema_id = ${scope.cinemaId} and r.created_at >= ${scope.from} and r.created_at < ${scope.to}`;
  const sales = await sql<{ method: Method; n: number; fen: number }>`
    select p.method, count(*)::int as n, coalesce(sum(p.amount_fen), 0)::int as fen
    from payments p join orders o on o.id = p.order_id
    where ${TOOK_MONEY} and ${paymentsIn}
    group by p.method`.execute(db);
  const refunds = await sql<{ method: Method; n: number; fen: number }>`
    select p.method, count(*)::int as n, coalesce(sum(r.amount_fen), 0)::int as fen
    from payment_refunds r join payments p on p.id = r.payment_id join orders o on o.id = r.order_id
    where ${GAVE_BACK} and ${refundsIn}
    group by p.method`.execute(db);
  const counts = await sql<{ orders: number; tickets: number; snacks: number }>`
    with paid as (
      select distinct p.order_id from payments p join orders o on o.id = p.order_id
      where ${TOOK_MONEY} and ${paymentsIn}
    )
    select
      (select count(*)::int from paid) as orders,
      (select count(*)::int from film_order_seats s
        where s.order_id in (select order_id from paid) and s.moved_at is null
          and s.state <> 'held') as tickets,
      (select coalesce(sum(l.quantity), 0)::int from store_order_lines l
        where l.order_id in (select order_id from paid) and l.state <> 'reserved') as snacks`.execute(
    db,
  );
  const methods: Method[] = ['cash', 'card', 'wechat'];
  return {
    byMethod: methods.map((method) => {
      const sale = sales.rows.find((row) => row.method === method);
      const refund = refunds.rows.find((row) => row.method === method);
      return {
        method,
        salesCount: sale?.n ?? 0,
        salesFen: sale?.fen ?? 0,
        refundsCount: refund?.n ?? 0,
        refundsFen: refund?.fen ?? 0,
      };
    }),
    ...counts.rows[0]!,
  };
}

/** Orders of a cinema paid in the window, by channel. */
export async function salesByChannel(
  db: Executor,
  scope: { cinemaId: string; from: Date; to: Date },
) {
  const { rows } = await sql<{ channel: 'online' | 'counter'; n: number; fen: number }>`
    select o.channel, count(distinct o.id)::int as n, coalesce(sum(p.amount_fen), 0)::int as fen
    from payments p join orders o on o.id = p.order_id
    where ${TOOK_MONEY} and o.cinema_id = ${scope.cinemaId}
      and o.paid_at >= ${scope.from} and o.paid_at < ${scope.to}
    group by o.channel`.execute(db);
  return rows;
}

/** Counter sales of a cinema held in the window and given up unpaid (cancelled or lapsed). */
export async function countVoids(
  db: Executor,
  scope: { cinemaId: string; from: Date; to: Date },
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from orders o
    where o.cinema_id = ${scope.cinemaId} and o.channel = 'counter'
      and o.status in ('cancelled', 'expired')
      and o.created_at >= ${scope.from} and o.created_at < ${scope.to}`.execute(db);
  return rows[0]!.n;
}
