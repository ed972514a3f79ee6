import type { Insertable } from 'kysely';
import type { Executor, StoreOrderLinesTable } from '../../db/schema.js';

/** SQL only: stock reservations and the lines of store orders. Every write takes the transaction. */

/** Whose units: a variant at one cinema (decision 050). */
export interface StockKey {
  variantId: string;
  cinemaId: string;
}

/**
 * Take `quantity` units of a variant at a cinema if that many are left there: one statement, so
 * concurrent buyers queue on the row and the loser sees the winner's result. A cinema without a
 * row has none. False means not enough stock at that cinema.
 */
export async function takeStock(trx: Executor, key: StockKey, quantity: number) {
  const result = await trx
    .updateTable('goods_stock')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('variant_id', '=', key.variantId)
    .where('cinema_id', '=', key.cinemaId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Units back to a cinema (its row is made if it has none). */
export function giveBackStock(trx: Executor, key: StockKey, quantity: number) {
  return trx
    .insertInto('goods_stock')
    .values({ variant_id: key.variantId, cinema_id: key.cinemaId, stock: quantity })
    .onConflict((oc) =>
      oc
        .columns(['variant_id', 'cinema_id'])
        .doUpdateSet((eb) => ({ stock: eb('goods_stock.stock', '+', quantity) })),
    )
    .execute();
}

/** Every writer of stock locks (variant, cinema) rows in this order: they queue, never deadlock. */
export function byStockKey(a: StockKey, b: StockKey) {
  return a.variantId.localeCompare(b.variantId) || a.cinemaId.localeCompare(b.cinemaId);
}

/** An unpaid order's reserved lines are removed (their units are given back by the caller). */
export function deleteReservedLines(trx: Executor, orderId: string) {
  return trx
    .deleteFrom('store_order_lines')
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .returning(['variant_id', 'cinema_id', 'quantity'])
    .execute();
}

export function insertLines(trx: Executor, lines: Insertable<StoreOrderLinesTable>[]) {
  return trx.insertInto('store_order_lines').values(lines).execute();
}

/**
 * The orders' units leave `reserved`/`sold` for `released`, returning what to give back. Only
 * rows that actually changed come back, so a second call gives back nothing.
 */
export function markLinesReleased(trx: Executor, orderIds: readonly string[]) {
  return trx
    .updateTable('store_order_lines')
    .set({ state: 'released' })
    .where('order_id', 'in', orderIds)
    .where('state', 'in', ['reserved', 'sold'])
    .returning(['variant_id', 'cinema_id', 'quantity'])
    .execute();
}

export async function markLinesSold(trx: Executor, orderId: string): Promise<number> {
  const result = await trx
    .updateTable('store_order_lines')
    .set({ state: 'sold' })
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function countLinesByState(trx: Executor, orderId: string) {
  return trx
    .selectFrom('store_order_lines')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .where('order_id', '=', orderId)
    .groupBy('state')
    .execute();
}

export function listLines(db: Executor, orderId: string) {
  return listLinesOfOrders(db, [orderId]);
}

/** The lines of several orders, each order's in the order they were added. */
export function listLinesOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('store_order_lines')
    .select([
      'order_id',
      'goods_id',
      'variant_id',
      'goods_name',
      'variant_name',
      'quantity',
      'unit_price_fen',
      'amount_fen',
      'state',
    ])
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

export async function listExpiredOrderIdsReserving(trx: Executor, variantIds: string[], now: Date) {
  const rows = await trx
    .selectFrom('store_order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('o.id')
    .distinct()
    .where('l.variant_id', 'in', variantIds)
    .where('l.state', '=', 'reserved')
    .where('o.status', '=', 'pending_payment')
    .where('o.pay_deadline_at', '<=', now)
    .orderBy('o.id')
    .execute();
  return rows.map((row) => row.id);
}
