import { fenToYuan, orderEventReasons, type PendingExchange } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { findShowInfos, type ShowWithLayout } from '../cinema/index.js';
import { expireOverdueOrders } from '../orders/index.js';
import * as exchangeRepository from './film-order-exchange.repository.js';
import * as filmOrderRepository from './film-order.repository.js';
import { showNotOnSale } from '../seat-holds/index.js';

/**
 * The film side of a dearer exchange (decision 031): the exchange order holds the new seats until
 * its difference is paid, then hands them to the original order, whose sold seats are released in
 * the same transaction. The use cases are payment's (`exchangeFilmOrder`, `completeExchange`).
 */

export {
  findPendingExchangeOrder,
  priceOfSeats,
  priceOfSoldSeats,
} from './film-order-exchange.repository.js';

/**
 * Inside the exchange transaction: the exchange order holds the chosen seats until `until`, or
 * nothing (SEAT_UNAVAILABLE naming the seats someone else has; the caller rolls back). Expired
 * holds of others on them give way first, as in `hold_film_seats`.
 */
export async function holdExchangeSeats(
  trx: Executor,
  layout: ShowWithLayout,
  hold: { exchangeOrderId: string; seatIds: readonly string[]; until: Date; now: Date },
): Promise<string[]> {
  const showId = layout.show.id;
  const overdue = await exchangeRepository.listOverdueHoldersOf(
    trx,
    showId,
    hold.seatIds,
    hold.now,
  );
  if (overdue.length > 0) {
    await expireOverdueOrders(trx, overdue, hold.now, orderEventReasons.holdTakenOver);
  }
  const held = await exchangeRepository
    .insertHeldSeats(trx, { orderId: hold.exchangeOrderId, showId, ...hold })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23514' && /not on sale/.test(String(error))) {
        throw showNotOnSale(showId);
      }
      throw error;
    });
  const heldIds = new Set(held.map((row) => row.seat_id));
  const seatOf = new Map(layout.seats.map((seat) => [seat.id, seat]));
  const lost = hold.seatIds.filter((seatId) => !heldIds.has(seatId));
  if (lost.length > 0) {
    throw new AppError('SEAT_UNAVAILABLE', {
      seats: lost.map((seatId) => seatOf.get(seatId)?.label ?? seatId),
    });
  }
  return [...hold.seatIds]
    .map((seatId) => seatOf.get(seatId)!)
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((seat) => seat.label);
}

/**
 * Inside the paying transaction of the exchange order (both orders locked): its held seats become
 * the original order's sold seats and the original's sold seats are released. HOLD_EXPIRED (the
 * payment takes the late path: refunded) when any of the held seats was let go meanwhile.
 */
export async function handOverExchangeSeats(
  trx: Executor,
  move: { exchangeOrderId: string; orderId: string },
) {
  const states = await filmOrderRepository.countSeatsByState(trx, move.exchangeOrderId);
  const countOf = (state: string) => Number(states.find((row) => row.state === state)?.count ?? 0);
  if (countOf('held') === 0 || countOf('released') > 0) {
    throw new AppError('HOLD_EXPIRED', { orderId: move.exchangeOrderId });
  }
  const released = await exchangeRepository.releaseSoldSeats(trx, move.orderId);
  const fromShowId = released[0]?.show_id;
  if (!fromShowId) throw new AppError('EXCHANGE_GONE', { orderId: move.orderId });
  const handed = await exchangeRepository.handOverHeldSeats(
    trx,
    move.exchangeOrderId,
    move.orderId,
  );
  return {
    fromShowId,
    toShowId: handed[0]!.show_id,
    fromSeatLabels: released.map((seat) => seat.label),
    toSeatLabels: handed.map((seat) => seat.label),
  };
}

/** The dearer exchange of this order waiting for its difference, as its detail shows it. */
export async function pendingExchangeOf(
  db: Executor,
  siteId: string,
  orderId: string,
): Promise<PendingExchange | null> {
  const waiting = await exchangeRepository.findPendingExchangeOrder(db, orderId);
  if (!waiting) return null;
  const seats = await exchangeRepository.listHeldSeats(db, waiting.id);
  const showId = seats[0]?.show_id;
  if (!showId) return null;
  const show = (await findShowInfos(db, siteId, [showId])).get(showId)?.showInfo;
  if (!show) return null;
  return {
    orderId: waiting.id,
    extraAmount: fenToYuan(waiting.amount_fen),
    payDeadlineAt: waiting.pay_deadline_at.toISOString(),
    toShow: show,
    toSeats: seats.map((seat) => seat.label),
  };
}
