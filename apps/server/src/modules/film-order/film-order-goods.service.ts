import type { FilmOrder } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { orderHasPendingPayment, repriceHeldCoupon } from '../coupons/index.js';
import { lockOrder, setOrderGoods } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import {
  expireStaleReservations,
  OutOfStock,
  outOfStockError,
  priceLines,
  replaceOrderGoods,
  type PricedLine,
} from '../store/index.js';
import { getFilmOrderView } from './film-order-view.js';
import { findFilmOrder } from './film-order.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * POST /api/filmOrder/goods, the snack step (decision 029): the goods of the user's unpaid film
 * order become `items`, reserved with its seats until its pay deadline.
 *   1. the variants exist for this site and are on sale (40401), priced now
 *   2. one transaction: lock the order; it must be the user's film order, unpaid, before its
 *      deadline, with no payment under way; its stock moves by the difference (the store's
 *      guarded updates: OUT_OF_STOCK rolls it all back); the order charges seats + goods; its
 *      held coupon is priced again (or goes back when it no longer applies)
 *   3. short: unpaid orders past their deadline that still reserve these variants are expired
 *      (the sweep's job done now, as for a store order) and step 2 runs once more
 * Answers the order as the confirm page shows it.
 */
export async function setFilmOrderGoods(
  deps: Deps,
  site: SiteRow,
  user: Pick<SignedInUser, 'id' | 'siteId'>,
  input: { orderId: string; items: { goodsInfoId: string; quantity: number }[] },
): Promise<FilmOrder> {
  if (!isUuid(input.orderId)) throw orderNotFound();
  const now = deps.clock.now();
  // Snacks come from the show's cinema (decision 050); the transaction checks the rest.
  const found = await findFilmOrder(deps.db, input.orderId);
  if (!found?.cinema_id || found.site_id !== site.id) throw orderNotFound();
  const lines = await priceLines(deps.db, site.id, found.cinema_id, input.items);
  const change = () =>
    withDeadlockRetry(() =>
      deps.db.transaction().execute((trx) => changeGoodsIn(trx, user, input.orderId, lines, now)),
    );
  try {
    await change();
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    const variantIds = lines.map((line) => line.variant_id);
    if (!(await expireStaleReservations(deps, variantIds, now))) {
      throw await outOfStockError(deps, error, now);
    }
    try {
      await change();
    } catch (again) {
      if (again instanceof OutOfStock) throw await outOfStockError(deps, again, now);
      throw again;
    }
  }
  const view = await getFilmOrderView(deps.db, input.orderId, now);
  if (!view) throw orderNotFound();
  const { userId: _userId, siteId: _siteId, ...order } = view;
  return order;
}

async function changeGoodsIn(
  trx: Parameters<typeof lockOrder>[0],
  user: Pick<SignedInUser, 'id' | 'siteId'>,
  orderId: string,
  lines: PricedLine[],
  now: Date,
): Promise<void> {
  const order = await lockOrder(trx, orderId);
  if (!order || order.user_id !== user.id || order.site_id !== user.siteId) {
    throw orderNotFound();
  }
  if (order.kind !== 'film') throw orderNotFound();
  if (order.status !== 'pending_payment' || order.pay_deadline_at.getTime() <= now.getTime()) {
    throw new AppError('SNACKS_NOT_CHANGEABLE', { status: order.status });
  }
  // The pay sheet shows a price: it must not change under a payment already asked for.
  if (await orderHasPendingPayment(trx, order.id)) {
    throw new AppError('SNACKS_CHANGE_WHILE_PAYING', { orderId });
  }
  const goodsFen = await replaceOrderGoods(trx, order.id, lines);
  const repriced = await setOrderGoods(trx, order.id, goodsFen);
  await repriceHeldCoupon(trx, repriced, now);
}

function orderNotFound() {
  return notFound('The order', '订单');
}
