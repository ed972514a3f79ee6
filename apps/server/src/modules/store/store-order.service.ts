import { randomInt } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppDeps } from '../../app-deps.js';
import type { Executor, OrdersTable } from '../../db/schema.js';
import { addSeconds } from '../../lib/clock.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { findCinemaInfo } from '../cinema/index.js';
import {
  newOrderNo,
  ordersRepository,
  transitionOrder,
  withdrawUnpaidOrder,
} from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import * as catalogueRepository from './catalogue.repository.js';
import { variantName } from './catalogue.service.js';
import * as storeOrderRepository from './store-order.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Thrown inside the order transaction to roll it back when a variant has too few units. */
class OutOfStock extends Error {
  constructor(
    readonly variantId: string,
    readonly label: string,
  ) {
    super('out of stock');
  }
}

/**
 * Create a store order: every line's units are taken from stock (all or nothing) and the order
 * waits for payment until `storeOrderMinutes` (a site setting, 15) from now.
 *   1. the cinema and the variants exist for this site (40401), priced now
 *   2. one transaction: take each variant's units in variant-id order (so two orders never wait on
 *      each other crosswise), insert the order (kind 'store', amount = sum of the lines) and its
 *      lines as `reserved`; a variant short of units rolls it all back
 *   3. short: if unpaid orders past their deadline still reserve these variants, expire them and
 *      give their units back (the sweep's job, done now in its own transaction), then step 2 once
 *      more; still short → OUT_OF_STOCK with what is left
 * PostgreSQL decides every race: `stock >= q` in the update and the check `stock >= 0`.
 */
export async function createStoreOrder(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  input: { cinemaId: string; phone: string; items: { goodsInfoId: string; quantity: number }[] },
): Promise<string> {
  const now = deps.clock.now();
  const cinema = await findCinemaInfo(deps.db, site.id, input.cinemaId);
  if (!cinema) throw notFound('The cinema', '影院');
  const lines = await priceLines(deps.db, site.id, input.items);
  const order = {
    site_id: site.id,
    user_id: user.id,
    kind: 'store' as const,
    cinema_id: cinema.cinemaId,
    phone: input.phone,
    amount_fen: lines.reduce((sum, line) => sum + line.amount_fen, 0),
    pay_deadline_at: addSeconds(now, siteSettings(site).storeOrderMinutes * 60),
    created_at: now,
  };
  const reserve = () =>
    withDeadlockRetry(() =>
      deps.db.transaction().execute((trx) => reserveAndInsert(trx, order, lines, now)),
    );

  let shortage: OutOfStock;
  try {
    return await reserve();
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    shortage = error;
  }
  const variantIds = lines.map((line) => line.variant_id);
  if (await expireStaleReservations(deps, variantIds, now)) {
    try {
      return await reserve();
    } catch (error) {
      if (!(error instanceof OutOfStock)) throw error;
      shortage = error;
    }
  }
  const available = await catalogueRepository.liveStockOf(deps.db, shortage.variantId, now);
  throw new AppError('OUT_OF_STOCK', {
    name: shortage.label,
    goodsInfoId: shortage.variantId,
    available,
  });
}

async function reserveAndInsert(
  trx: Executor,
  order: Omit<Insertable<OrdersTable>, 'order_no'>,
  lines: PricedLine[],
  now: Date,
): Promise<string> {
  const byVariantId = [...lines].sort((a, b) => a.variant_id.localeCompare(b.variant_id));
  for (const line of byVariantId) {
    if (!(await storeOrderRepository.takeStock(trx, line.variant_id, line.quantity))) {
      throw new OutOfStock(line.variant_id, `${line.goods_name}（${line.variant_name}）`);
    }
  }
  const inserted = await ordersRepository.insertOrder(trx, { ...order, order_no: newOrderNo(now) });
  await ordersRepository.insertEvent(trx, {
    orderId: inserted.id,
    from: null,
    to: 'pending_payment',
    reason: 'stock reserved',
  });
  await storeOrderRepository.insertLines(
    trx,
    lines.map((line) => ({ ...line, order_id: inserted.id })),
  );
  return inserted.id;
}

/**
 * Cancel an unpaid store order: its units go back to stock at once (past its deadline it becomes
 * `expired` instead). A cancelled or expired order answers as it is; a paid one → 42203.
 */
export async function cancelStoreOrder(
  deps: Deps,
  user: SignedInUser,
  orderId: string,
): Promise<void> {
  const now = deps.clock.now();
  if (!isUuid(orderId)) throw orderNotFound();
  await deps.db.transaction().execute((trx) =>
    withdrawUnpaidOrder(trx, {
      orderId,
      kind: 'store',
      userId: user.id,
      now,
      expiredReason: 'payment deadline passed',
      notFound: orderNotFound,
      release: (id) => releaseStock(trx, id),
    }),
  );
}

/**
 * Expire unpaid store orders past their deadline and give their units back, a batch per
 * transaction. Readers and new orders already count those units as free; this makes it true in
 * `goods_variants.stock` and in the orders' statuses. Returns how many orders expired.
 */
export async function sweepExpiredStoreOrders(deps: Deps, batchSize = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.clock.now();
    const swept = await withDeadlockRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const orders = await storeOrderRepository.lockExpiredPendingOrders(trx, now, batchSize);
        for (const order of orders) {
          await transitionOrder(trx, order, 'expired', 'payment deadline passed (sweep)');
        }
        await releaseStockOf(
          trx,
          orders.map((order) => order.id),
        );
        return orders.length;
      }),
    );
    total += swept;
    if (swept < batchSize) return total;
  }
}

/**
 * Paying, inside the paying transaction (which locked the order and checked its deadline): the
 * reserved units become sold. Throws HOLD_EXPIRED when they were given back meanwhile.
 */
export async function markStockSold(trx: Executor, orderId: string): Promise<void> {
  const sold = await storeOrderRepository.markLinesSold(trx, orderId);
  const states = await storeOrderRepository.countLinesByState(trx, orderId);
  const released = states.find((row) => row.state === 'released');
  if (sold === 0 || (released && Number(released.count) > 0)) {
    throw new AppError('HOLD_EXPIRED', { orderId, kind: 'store' });
  }
}

/**
 * Cancel, expiry or refund: the order's reserved or sold units go back to stock. Exactly once:
 * only lines that move to `released` in this call are given back. Returns the units given back.
 */
export function releaseStock(trx: Executor, orderId: string): Promise<number> {
  return releaseStockOf(trx, [orderId]);
}

/**
 * Give back the units of these orders' lines, one update per variant in variant-id order: every
 * writer of stock locks variants in that order, so they queue instead of deadlocking.
 */
async function releaseStockOf(trx: Executor, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const released = await storeOrderRepository.markLinesReleased(trx, orderIds);
  const units = new Map<string, number>();
  for (const line of released) {
    units.set(line.variant_id, (units.get(line.variant_id) ?? 0) + line.quantity);
  }
  const byVariantId = [...units].sort(([a], [b]) => a.localeCompare(b));
  for (const [variantId, quantity] of byVariantId) {
    await storeOrderRepository.giveBackStock(trx, variantId, quantity);
  }
  return released.reduce((sum, line) => sum + line.quantity, 0);
}

/** A pickup code no other order of the site has: 8 random digits, drawn again on a clash. */
export async function newStorePickupCode(trx: Executor, siteId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = String(randomInt(10_000_000, 100_000_000));
    if (!(await storeOrderRepository.isPickupCodeTaken(trx, siteId, code))) return code;
  }
  // Ten clashes in a row means the site is close to 10^8 codes: fail loudly rather than loop.
  throw new Error('no free pickup code found');
}

/** The lines of an order-to-be, priced now; an unknown or withdrawn variant → 40401. */
async function priceLines(
  db: Executor,
  siteId: string,
  items: { goodsInfoId: string; quantity: number }[],
) {
  const ids = items.map((item) => item.goodsInfoId);
  const variants = await catalogueRepository.findOrderableVariants(db, siteId, ids.filter(isUuid));
  const missing = ids.filter((id) => !variants.some((variant) => variant.id === id));
  if (missing.length > 0) {
    throw new AppError('NOT_FOUND', {
      what: '商品',
      whatEn: 'The goods item',
      goodsInfoIds: missing,
    });
  }
  return items.map((item) => {
    const variant = variants.find((candidate) => candidate.id === item.goodsInfoId)!;
    return {
      goods_id: variant.goods_id,
      variant_id: variant.id,
      goods_name: variant.goods_name,
      variant_name: variantName(variant.specs),
      quantity: item.quantity,
      unit_price_fen: variant.price_fen,
      amount_fen: variant.price_fen * item.quantity,
    };
  });
}

/**
 * Expire the unpaid orders past their deadline that still reserve any of these variants, and give
 * their units back, in one transaction of its own. The orders are locked in id order and waited
 * for (a payment or the sweep may hold one), before any variant is touched. Answers how many such
 * orders there were, whoever expired them: if any, their units are back by now.
 */
async function expireStaleReservations(
  deps: Deps,
  variantIds: string[],
  now: Date,
): Promise<number> {
  return withDeadlockRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const orderIds = await storeOrderRepository.listExpiredOrderIdsReserving(
        trx,
        variantIds,
        now,
      );
      const expired: string[] = [];
      for (const orderId of orderIds) {
        const order = await storeOrderRepository.lockOrder(trx, orderId);
        if (!order || order.status !== 'pending_payment') continue;
        if (order.pay_deadline_at.getTime() > now.getTime()) continue;
        await transitionOrder(trx, order, 'expired', 'payment deadline passed (stock taken over)');
        expired.push(order.id);
      }
      await releaseStockOf(trx, expired);
      return orderIds.length;
    }),
  );
}

type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];

function orderNotFound() {
  return notFound('The order', '订单');
}
