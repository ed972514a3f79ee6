import type { OrderStatus } from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { newPickupCode, transitionOrder } from '../orders/index.js';
import { markSeatsSold, releaseSeats } from '../film-order/index.js';
import { markStockSold, newStorePickupCode, releaseStock } from '../store/index.js';
import type { OrderRow } from './payable-order.js';

/**
 * Inside the paying transaction: pending_payment → paid, then a film order's seats are sold and a
 * ticket code issued (→ ticketed), a store order's reserved units are sold and a pickup code issued
 * (→ ready). Throws (and the caller's transaction rolls back) when the seats or units were given
 * up meanwhile. Answers the order's new status.
 */
export async function completePaidOrder(
  trx: Transaction<Database>,
  order: OrderRow,
  now: Date,
  reason: string,
): Promise<OrderStatus> {
  await transitionOrder(trx, order, 'paid', reason, { paid_at: now });
  const paid = { id: order.id, status: 'paid' as const };
  if (order.kind === 'film') {
    await markSeatsSold(trx, order.id);
    await transitionOrder(trx, paid, 'ticketed', 'ticket issued', {
      pickup_code: newPickupCode(),
    });
    return 'ticketed';
  }
  await markStockSold(trx, order.id);
  await transitionOrder(trx, paid, 'ready', 'ready for pickup', {
    pickup_code: await newStorePickupCode(trx, order.site_id),
  });
  return 'ready';
}

/** Expiry or refund of an order: its seats or its goods' units are free for others again. */
export async function releaseOrderInventory(
  trx: Executor,
  order: Pick<OrderRow, 'id' | 'kind'>,
): Promise<void> {
  if (order.kind === 'film') await releaseSeats(trx, order.id);
  else await releaseStock(trx, order.id);
}

/** The text of a ticket's QR code: what the cinema's scanner reads at the door. */
export function ticketQrContent(siteCode: string, orderNo: string, code: string): string {
  return `MARQUEE:TICKET:${siteCode}:${orderNo}:${code}`;
}

/** The text of a store order's pickup QR code: what the counter's scanner reads. */
export function pickupQrContent(siteCode: string, orderNo: string, code: string): string {
  return `MARQUEE:PICKUP:${siteCode}:${orderNo}:${code}`;
}
