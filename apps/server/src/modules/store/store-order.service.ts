import { orderEventReasons } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { addSeconds } from '../../lib/clock.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { findCinemaInfo } from '../cinema/index.js';
import { createOrder, expireOverdueOrders, withdrawUnpaidOrder } from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import * as catalogueRepository from './catalogue.repository.js';
import { variantName } from './catalogue.service.js';
import * as storeOrderRepository from './store-order.repository.js';
import type { StockKey } from './store-order.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Thrown inside the order transaction to roll it back when a variant has too few units. */
export class OutOfStock extends Error {
  constructor(
    readonly variantId: string,
    readonly cinemaId: string,
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
  user: Pick<SignedInUser, 'id'>,
  input: {
    cinemaId: string;
    /** Null at the box office: the customer takes the snacks at once. */
    phone: string | null;
    items: { goodsInfoId: string; quantity: number }[];
    /** How long it waits for payment; `storeOrderMinutes` by default. */
    holdMinutes?: number;
  },
): Promise<string> {
  const now = deps.clock.now();
  const cinema = await findCinemaInfo(deps.db, site.id, input.cinemaId);
  if (!cinema) throw notFound('The cinema', '影院');
  const lines = await priceLines(deps.db, site.id, cinema.cinemaId, input.items);
  const order = {
    site_id: site.id,
    user_id: user.id,
    kind: 'store' as const,
    cinema_id: cinema.cinemaId,
    phone: input.phone,
    amount_fen: lines.reduce((sum, line) => sum + line.amount_fen, 0),
    pay_deadline_at: addSeconds(
      now,
      (input.holdMinutes ?? siteSettings(site).storeOrderMinutes) * 60,
    ),
    created_at: now,
  };
  const reserve = () =>
    withDeadlockRetry(() =>
      deps.db.transaction().execute((trx) => reserveAndInsert(trx, order, lines)),
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
  throw await outOfStockError(deps, shortage, now);
}

/** OUT_OF_STOCK naming the variant and the units a buyer can get now at that cinema. */
export async function outOfStockError(deps: Deps, shortage: OutOfStock, now: Date) {
  const available = await catalogueRepository.liveStockOf(
    deps.db,
    { variantId: shortage.variantId, cinemaId: shortage.cinemaId },
    now,
  );
  return new AppError('OUT_OF_STOCK', {
    name: shortage.label,
    goodsInfoId: shortage.variantId,
    available,
  });
}

async function reserveAndInsert(
  trx: Executor,
  order: Parameters<typeof createOrder>[1],
  lines: PricedLine[],
): Promise<string> {
  const byVariantId = [...lines].sort((a, b) => a.variant_id.localeCompare(b.variant_id));
  for (const line of byVariantId) {
    const key = { variantId: line.variant_id, cinemaId: line.cinema_id };
    if (!(await storeOrderRepository.takeStock(trx, key, line.quantity))) {
      throw new OutOfStock(line.variant_id, line.cinema_id, lineLabel(line));
    }
  }
  const inserted = await createOrder(trx, order, orderEventReasons.stockReserved);
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
      expiredReason: orderEventReasons.deadlinePassed,
      notFound: orderNotFound,
    }),
  );
}

export const lineLabel = (line: { goods_name: string; variant_name: string }) =>
  `${line.goods_name}（${line.variant_name}）`;

/**
 * Give back the units of these orders' lines to the cinemas they came from, one update per
 * (variant, cinema) in that order: every writer of stock locks in that order, so they queue
 * instead of deadlocking.
 */
export async function releaseStockOf(trx: Executor, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const released = await storeOrderRepository.markLinesReleased(trx, orderIds);
  const units = new Map<string, { key: StockKey; quantity: number }>();
  for (const line of released) {
    const id = `${line.variant_id}/${line.cinema_id}`;
    const entry = units.get(id) ?? {
      key: { variantId: line.variant_id, cinemaId: line.cinema_id },
      quantity: 0,
    };
    units.set(id, { ...entry, quantity: entry.quantity + line.quantity });
  }
  const ordered = [...units.values()].sort((a, b) => storeOrderRepository.byStockKey(a.key, b.key));
  for (const { key, quantity } of ordered) {
    await storeOrderRepository.giveBackStock(trx, key, quantity);
  }
  return released.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The lines of an order-to-be at a cinema, priced now at that cinema's price; an unknown variant,
 * or one withdrawn from sale (everywhere or at that cinema) → 40401.
 */
export async function priceLines(
  db: Executor,
  siteId: string,
  cinemaId: string,
  items: { goodsInfoId: string; quantity: number }[],
) {
  const ids = items.map((item) => item.goodsInfoId);
  const variants = await catalogueRepository.findOrderableVariants(
    db,
    { siteId, cinemaId },
    ids.filter(isUuid),
  );
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
      cinema_id: cinemaId,
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
export async function expireStaleReservations(
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
      await expireOverdueOrders(trx, orderIds, now, orderEventReasons.deadlinePassedStockGone);
      return orderIds.length;
    }),
  );
}

export type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];

function orderNotFound() {
  return notFound('The order', '订单');
}
