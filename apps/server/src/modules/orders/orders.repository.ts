import { sql, type Insertable } from 'kysely';
import type { OrderKind, OrderStatus } from '@marquee/contracts';
import type { Executor, OrdersTable } from '../../db/schema.js';

/** SQL of orders and their event trail. No rules. */

export function insertOrder(trx: Executor, order: Insertable<OrdersTable>) {
  return trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export function insertEvent(
  trx: Executor,
  event: { orderId: string; from: OrderStatus | null; to: OrderStatus; reason: string },
) {
  return trx
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      from_status: event.from,
      to_status: event.to,
      reason: event.reason,
    })
    .execute();
}

/** Columns a move may set with the status: when paid, the issued code, who checked it in. */
export type OrderMoveExtra = {
  paid_at?: Date;
  pickup_code?: string;
  goods_code?: string;
  used_at?: Date;
  used_by_staff_id?: string;
  used_by_name?: string;
};

/** Move an order only if it is still in `from`; the row count says whether this caller won. */
export async function updateStatus(
  trx: Executor,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  extra: OrderMoveExtra = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: to, ...extra })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A coupon's part of an unpaid order: what is paid and what is taken off (decision 024), and
 *  of that, what comes off its snacks (decision 029). */
export function setDiscount(
  trx: Executor,
  orderId: string,
  amountFen: number,
  discountFen: number,
  goodsDiscountFen = 0,
) {
  return trx
    .updateTable('orders')
    .set({ amount_fen: amountFen, discount_fen: discountFen, goods_discount_fen: goodsDiscountFen })
    .where('id', '=', orderId)
    .execute();
}

/** An unpaid film order's snacks changed: their part, and what is paid, before any coupon. */
export function setGoods(trx: Executor, orderId: string, ticketsFen: number, goodsFen: number) {
  return trx
    .updateTable('orders')
    .set({
      amount_fen: ticketsFen + goodsFen,
      discount_fen: 0,
      goods_fen: goodsFen,
      goods_discount_fen: 0,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .execute();
}

/** The counter handed the snacks of a film order over; false when that was done before. */
export async function markGoodsPickedUp(
  trx: Executor,
  orderId: string,
  by: { at: Date; name: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ goods_picked_up_at: by.at, goods_picked_up_by_name: by.name })
    .where('id', '=', orderId)
    .where('goods_picked_up_at', 'is', null)
    .where('goods_refunded_at', 'is', null)
    .where('goods_code', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A goods-only refund of a film order, once: what was paid drops by the goods' part. False when
 * the goods were picked up or refunded meanwhile (the caller holds the order lock anyway).
 */
export async function markGoodsRefunded(
  trx: Executor,
  orderId: string,
  refund: { fen: number; at: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set((eb) => ({
      goods_refunded_at: refund.at,
      goods_refunded_fen: refund.fen,
      amount_fen: eb('amount_fen', '-', refund.fen),
    }))
    .where('id', '=', orderId)
    .where('goods_picked_up_at', 'is', null)
    .where('goods_refunded_at', 'is', null)
    .where('goods_fen', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The seats' part of an order (sum of their member prices): a film order's tickets. */
export async function seatsFenOf(db: Executor, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('film_order_seats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('discount_price_fen'), eb.lit(0)).as('fen'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.fen);
}

/** A ticketed order's new code and price after an exchange; false when it is no longer ticketed. */
export async function reissueTicket(
  trx: Executor,
  orderId: string,
  change: { code: string; amountFen: number; now: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ pickup_code: change.code, amount_fen: change.amountFen, updated_at: change.now })
    .where('id', '=', orderId)
    .where('status', '=', 'ticketed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function setPhone(trx: Executor, orderId: string, phone: string) {
  return trx.updateTable('orders').set({ phone }).where('id', '=', orderId).execute();
}

/**
 * An unpaid order held at the counter becomes a counter sale of this cashier. `channel` is set
 * once (the Kysely type forbids changing it elsewhere), only while the order is unpaid.
 */
export async function markCounterSale(trx: Executor, orderId: string, staffId: string) {
  const result = await sql`
    update orders set channel = 'counter', sold_by_staff_id = ${staffId}
    where id = ${orderId} and status = 'pending_payment'`.execute(trx);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** A counter sale paid with a member's card becomes the member's order (decision 043). */
export async function setUser(trx: Executor, orderId: string, userId: string, now: Date) {
  await trx
    .updateTable('orders')
    .set({ user_id: userId, updated_at: now })
    .where('id', '=', orderId)
    .execute();
}

export function findById(db: Executor, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The ticketed order an exchange order would exchange (decision 031); undefined: none. */
export async function findExchangeOf(db: Executor, orderId: string) {
  const row = await db
    .selectFrom('orders')
    .select('exchange_of')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.exchange_of ?? undefined;
}

/** The exchange orders of an order in these statuses (decision 031), oldest first. */
export function listExchangeOrders(
  db: Executor,
  orderId: string,
  statuses: readonly OrderStatus[],
) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('exchange_of', '=', orderId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at')
    .execute();
}

/** Unpaid orders past their deadline, locked, skipping rows another transaction is working on. */
export function lockExpiredPending(trx: Executor, now: Date, limit: number) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending_payment')
    .where('pay_deadline_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function isCodeTaken(db: Executor, siteId: string, code: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('pickup_code', '=', code), eb('goods_code', '=', code)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the user's orders of one kind, newest first, and how many there are in all. */
export async function pageOfUserOrders(
  db: Executor,
  filter: { siteId: string; userId: string; kind: OrderKind; limit: number; offset: number },
) {
  const base = db
    .selectFrom('orders')
    .where('site_id', '=', filter.siteId)
    .where('user_id', '=', filter.userId)
    .where('kind', '=', filter.kind)
    // An exchange order is part of the order it exchanges, shown there (decision 031).
    .where('exchange_of', 'is', null);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { count } = await base
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/** The order of a site carrying this ticket or pickup code. */
/** The order whose ticket or pickup code, or snacks' pickup code (decision 029), this is. */
export function findByCode(db: Executor, siteId: string, code: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('pickup_code', '=', code), eb('goods_code', '=', code)]))
    .executeTakeFirst();
}

/** The trail of an order's moves, oldest first. */
export function listEvents(db: Executor, orderId: string) {
  return db
    .selectFrom('order_events')
    .select(['from_status', 'to_status', 'reason', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface OrderSearch {
  siteId: string;
  /** The cinemas to search in; null: every cinema of the site (an owner). */
  cinemaIds: readonly string[] | null;
  orderNo: string | null;
  phone: string | null;
  code: string | null;
  limit: number;
  offset: number;
}

/** Orders of a site's cinemas matching a number, a phone or a code, newest first, and the count. */
export async function searchPage(db: Executor, search: OrderSearch) {
  const base = db
    .selectFrom('orders')
    .leftJoin('cinemas', 'cinemas.id', 'orders.cinema_id')
    .where('orders.site_id', '=', search.siteId)
    // An exchange order is found through the order it exchanged (decision 031).
    .where('orders.exchange_of', 'is', null)
    .$if(search.cinemaIds !== null, (query) =>
      query.where('orders.cinema_id', 'in', [...search.cinemaIds!]),
    )
    .where((eb) =>
      eb.or([
        ...(search.orderNo ? [eb('orders.order_no', '=', search.orderNo)] : []),
        ...(search.phone ? [eb('orders.phone', '=', search.phone)] : []),
        ...(search.code ? [eb('orders.pickup_code', '=', search.code)] : []),
        ...(search.code ? [eb('orders.goods_code', '=', search.code)] : []),
      ]),
    );
  const rows = await base
    .selectAll('orders')
    .select('cinemas.name as cinema_name')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(search.limit)
    .offset(search.offset)
    .execute();
  const { count } = await base
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

export function findCinemaName(db: Executor, cinemaId: string) {
  return db.selectFrom('cinemas').select('name').where('id', '=', cinemaId).executeTakeFirst();
}
