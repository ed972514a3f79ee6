import { goodsImagePath, fenToYuan, type StoreOrderLine } from '@marquee/contracts';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import { OutOfStock, lineLabel, type PricedLine } from './store-order.service.js';
import * as storeOrderRepository from './store-order.repository.js';
import type { StockKey } from './store-order.repository.js';

/**
 * The store's side of snacks added to a film order (decision 029): the lines are store order
 * lines of the film order, their units taken from and given back to stock exactly as a store
 * order's (decision 006). The film-order module runs the use case.
 */

/**
 * Inside the caller's transaction (the order locked, unpaid): the order's reserved lines become
 * `lines`. Each (variant, cinema)'s stock moves by the difference only, one guarded update each
 * in that order (every writer of stock does so: they queue instead of deadlocking); a variant
 * short of units throws OutOfStock, and the caller's transaction rolls everything back. Answers
 * the goods' total in fen.
 */
export async function replaceOrderGoods(
  trx: Executor,
  orderId: string,
  lines: readonly PricedLine[],
): Promise<number> {
  const old = await storeOrderRepository.deleteReservedLines(trx, orderId);
  const delta = new Map<string, { key: StockKey; quantity: number; label: string }>();
  const add = (key: StockKey, quantity: number, label: string) => {
    const id = `${key.variantId}/${key.cinemaId}`;
    const entry = delta.get(id) ?? { key, quantity: 0, label };
    delta.set(id, { key, quantity: entry.quantity + quantity, label: label || entry.label });
  };
  for (const line of old) {
    add({ variantId: line.variant_id, cinemaId: line.cinema_id }, -line.quantity, '');
  }
  for (const line of lines) {
    add({ variantId: line.variant_id, cinemaId: line.cinema_id }, line.quantity, lineLabel(line));
  }
  const ordered = [...delta.values()].sort((a, b) => storeOrderRepository.byStockKey(a.key, b.key));
  for (const { key, quantity, label } of ordered) {
    if (quantity > 0 && !(await storeOrderRepository.takeStock(trx, key, quantity))) {
      throw new OutOfStock(key.variantId, key.cinemaId, label);
    }
    if (quantity < 0) await storeOrderRepository.giveBackStock(trx, key, -quantity);
  }
  if (lines.length > 0) {
    await storeOrderRepository.insertLines(
      trx,
      lines.map((line) => ({ ...line, order_id: orderId })),
    );
  }
  return lines.reduce((sum, line) => sum + line.amount_fen, 0);
}

/** The snacks of film orders as their pages show them, by order id (one query for all). */
export async function goodsLinesOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, StoreOrderLine[]>> {
  const rows = await storeOrderRepository.listLinesOfOrders(db, orderIds);
  const byOrder = new Map<string, StoreOrderLine[]>();
  for (const line of rows) {
    const lines = byOrder.get(line.order_id) ?? [];
    lines.push({
      goodsId: line.goods_id,
      goodsInfoId: line.variant_id,
      goodsName: line.goods_name,
      goodsInfoName: line.variant_name,
      imageUrl: goodsImagePath(line.goods_id),
      quantity: line.quantity,
      price: fenToYuan(line.unit_price_fen),
      amount: fenToYuan(line.amount_fen),
    });
    byOrder.set(line.order_id, lines);
  }
  return byOrder;
}

/** "爆米花套餐 ×1、可乐 ×2": a film order's snacks in one line for the order list. */
export function goodsNoteOf(lines: readonly StoreOrderLine[]): string | null {
  if (lines.length === 0) return null;
  return lines.map((line) => `${line.goodsName} ×${line.quantity}`).join('、');
}

/**
 * A film order's snacks go back to stock (a goods-only refund), once: `release_order_goods`
 * (0031) moves lines out of reserved/sold and gives back only what moved. Answers the units.
 */
export async function releaseOrderGoods(trx: Executor, orderId: string): Promise<number> {
  const result = await sql<{ units: number }>`
    select release_order_goods(${orderId}::uuid) as units`.execute(trx);
  return Number(result.rows[0]?.units ?? 0);
}
