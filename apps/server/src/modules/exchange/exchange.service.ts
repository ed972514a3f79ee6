import {
  exchangeAllowedUntil,
  exchangePayDeadline,
  exchangePriceChange,
  orderEventReasons,
  type OrderDetail,
  cinemaMonthDayTimeOf,
} from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.js';
import type { Database } from '../../db/schema.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { findShowWithLayout, type ShowWithLayout } from '../cinema/index.js';
import {
  checkExchangeChoice,
  currentShowIdOf,
  findPendingExchangeOrder,
  hasExchange,
  holdExchangeSeats,
  moveOrderSeats,
  priceOfSeats,
  priceOfSoldSeats,
  recordExchange,
} from '../film-order/index.js';
import {
  createOrder,
  enqueueExchangeNotice,
  expireOverdueOrders,
  getOrderDetail,
  lockOrder,
  reissueTicket,
  releaseOrders,
  transitionOrder,
  type OrderRow,
} from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import type { ExchangeMoney, ExchangeLog } from './exchange-money.js';

/**
 * POST /api/order/exchange (改签, decision 025): a ticketed film order moves once to another show
 * of the same film at the same cinema, until the site's exchangeCutoffMinutes before its show.
 *   1. outside the transaction: the new show is on sale and the seats follow the seat rules
 *   2. one transaction: lock the order, check whose it is, its status, "once" and the cutoff;
 *      release its seats and sell it the new ones (the unique index on active seats decides a
 *      race: a lost seat rolls everything back, so the user keeps the old ticket); a new ticket
 *      code and price; the history row; the difference of a cheaper choice credited back to the
 *      cards and written as a pending WeChat refund
 *   3. outside it: ask WeChat for the pending refund and record its answer
 * A dearer choice holds the new seats for an exchange order that costs the difference and leaves
 * the ticket as it is (decision 031): paying that order through the normal payment flow completes
 * the exchange (`completeExchange`).
 */
export async function exchangeFilmOrder(
  deps: Pick<AppDeps, 'db' | 'clock'> & { money: ExchangeMoney },
  site: SiteRow,
  user: SignedInUser,
  choice: { orderId: string; showId: string; seatIds?: string[]; seatLabels?: string[] },
  log: ExchangeLog,
): Promise<OrderDetail> {
  if (!isUuid(choice.orderId)) throw orderNotFound();
  const { layout, seatIds } = await checkExchangeChoice(deps, site, user, choice);
  const pending = await withDeadlockRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const order = await lockOrder(trx, choice.orderId);
      if (!order || order.user_id !== user.id || order.site_id !== site.id) throw orderNotFound();
      if (order.kind !== 'film' || order.exchange_of !== null) throw orderNotFound();
      if (await hasExchange(trx, order.id)) throw new AppError('ALREADY_EXCHANGED');
      if (order.status !== 'ticketed' || order.pickup_code === null) {
        throw new AppError('EXCHANGE_NOT_ALLOWED', { status: order.status });
      }
      await giveWayToLapsedExchange(trx, order.id, now);
      const fromShowId = await currentShowIdOf(trx, order.id);
      if (!fromShowId) throw new Error(`ticketed order ${order.id} has no seats`);
      const closesAt = await checkSameFilmAndCutoff(trx, site, fromShowId, layout.show, now);
      const price = exchangePriceChange({
        fromSeatsFen: await priceOfSoldSeats(trx, order.id),
        toSeatsFen: await priceOfSeats(trx, layout.show.id, seatIds),
        paidFen: order.amount_fen,
      });
      if (price.extraFen > 0) {
        await holdDearerExchange(trx, site, order, layout, { seatIds, closesAt, now }, price);
        return [];
      }
      const moved = await moveOrderSeats(trx, layout, { orderId: order.id, seatIds, now });
      const code = await reissueTicket(trx, order, { amountFen: price.toAmountFen, now });
      await recordExchange(trx, {
        orderId: order.id,
        fromShowId: moved.fromShowId,
        toShowId: layout.show.id,
        fromSeatLabels: moved.fromSeatLabels,
        toSeatLabels: moved.toSeatLabels,
        fromTicketCode: order.pickup_code,
        toTicketCode: code,
        fromAmountFen: order.amount_fen,
        toAmountFen: price.toAmountFen,
        now,
      }).catch(onceMore);
      await enqueueExchangeNotice(trx, order.id, now);
      return deps.money.refundDifference(trx, order.id, price.refundFen, now);
    }),
  );
  for (const outRefundNo of pending) await deps.money.sendRefund(site, outRefundNo, log);
  return getOrderDetail(deps, site, user, choice.orderId);
}

/** Two exchanges of one order queue on its lock; the unique index says "once" again. */
function onceMore(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw new AppError('ALREADY_EXCHANGED');
  throw error;
}

/**
 * Under the order's lock: a dearer exchange still waiting for its difference refuses another, and
 * the buyer's refund of the order (EXCHANGE_PENDING, naming it); one past its deadline that the
 * sweep has not reached yet gives way.
 */
export async function giveWayToLapsedExchange(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<void> {
  const waiting = await findPendingExchangeOrder(trx, orderId);
  if (!waiting) return;
  if (waiting.pay_deadline_at.getTime() > now.getTime()) {
    throw new AppError('EXCHANGE_PENDING', { exchangeOrderId: waiting.id });
  }
  await expireOverdueOrders(trx, [waiting.id], now, orderEventReasons.deadlinePassed);
}

/**
 * Under the original's lock, in the staff refund of it (console refund, cancelled show): a dearer
 * exchange still waiting for its difference goes with it (decision 031). It is cancelled (expired
 * once past its deadline), its held seats are released (the seat trigger announces them to open
 * seat pages). Answers the exchange order withdrawn, if any: the payment module then gives up its
 * live payment attempt (a card hold released, a WeChat part cancelled).
 */
export async function withdrawWaitingExchange(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<string | null> {
  const waiting = await findPendingExchangeOrder(trx, orderId);
  if (!waiting) return null;
  const exchangeOrder = await lockOrder(trx, waiting.id);
  if (exchangeOrder?.status !== 'pending_payment') return null;
  const isOverdue = exchangeOrder.pay_deadline_at.getTime() <= now.getTime();
  await transitionOrder(
    trx,
    exchangeOrder,
    isOverdue ? 'expired' : 'cancelled',
    isOverdue ? orderEventReasons.deadlinePassed : orderEventReasons.exchangeWithdrawn,
  );
  await releaseOrders(trx, [exchangeOrder]);
  return exchangeOrder.id;
}

/**
 * A dearer choice (decision 031): an exchange order costing the difference holds the new seats
 * until the difference is paid, at most until the old show's exchange cutoff and the new show's
 * sales close. The ticket stays as it is; paying that order completes the exchange
 * (`completeExchange`).
 */
async function holdDearerExchange(
  trx: Transaction<Database>,
  site: SiteRow,
  order: OrderRow,
  layout: ShowWithLayout,
  hold: { seatIds: string[]; closesAt: Date; now: Date },
  price: { extraFen: number },
): Promise<void> {
  const settings = siteSettings(site);
  const until = exchangePayDeadline({
    now: hold.now,
    holdMinutes: settings.holdMinutes,
    exchangeClosesAt: hold.closesAt,
    salesCloseAt: salesCloseOf(layout.show.start_at, settings.salesCloseMinutes),
  });
  if (until.getTime() <= hold.now.getTime()) throw new AppError('EXCHANGE_NOT_ALLOWED', {});
  const exchangeOrder = await createOrder(
    trx,
    {
      site_id: order.site_id,
      user_id: order.user_id,
      kind: 'film',
      cinema_id: order.cinema_id,
      amount_fen: price.extraFen,
      pay_deadline_at: until,
      created_at: hold.now,
      exchange_of: order.id,
    },
    orderEventReasons.exchangeSeatsHeld,
  ).catch((error: unknown) => {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'orders_one_pending_exchange') {
      throw new AppError('EXCHANGE_PENDING', { orderId: order.id });
    }
    throw error;
  });
  await holdExchangeSeats(trx, layout, {
    exchangeOrderId: exchangeOrder.id,
    seatIds: hold.seatIds,
    until,
    now: hold.now,
  });
}

function salesCloseOf(startAt: Date | string, salesCloseMinutes: number): Date {
  return new Date(new Date(startAt).getTime() - salesCloseMinutes * 60_000);
}

/**
 * The new show is of the same film at the same cinema, and the old one is not past the cutoff.
 * Answers when exchanges of the old show close.
 */
async function checkSameFilmAndCutoff(
  trx: Transaction<Database>,
  site: SiteRow,
  fromShowId: string,
  toShow: { id: string; film_id: string; cinema_id: string },
  now: Date,
): Promise<Date> {
  const from = await findShowWithLayout(trx, site.id, fromShowId);
  if (!from) throw new Error(`show ${fromShowId} of a ticketed order is missing`);
  if (
    from.show.id === toShow.id ||
    from.show.film_id !== toShow.film_id ||
    from.show.cinema_id !== toShow.cinema_id
  ) {
    throw new AppError('EXCHANGE_SHOW_INVALID', { showId: toShow.id });
  }
  const until = exchangeAllowedUntil(
    new Date(from.show.start_at),
    siteSettings(site).exchangeCutoffMinutes,
  );
  if (now.getTime() > until.getTime()) {
    throw new AppError('EXCHANGE_NOT_ALLOWED', {
      allowedUntil: until.toISOString(),
      allowedUntilText: cinemaMonthDayTimeOf(until),
    });
  }
  return until;
}

function orderNotFound() {
  return notFound('The order', '订单');
}
