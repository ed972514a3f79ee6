import { fenToYuan, orderEventReasons, type OrderExchange } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { findShowInfos, findShowWithLayout, type ShowWithLayout } from '../cinema/index.js';
import { expireOverdueOrders } from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import * as exchangeRepository from './film-order-exchange.repository.js';
import * as filmOrderRepository from './film-order.repository.js';
import {
  checkSeatRules,
  salesCloseAt,
  salesClosed,
  seatIdsOfLabels,
  seatRuleError,
  showNotOnSale,
} from '../seat-holds/index.js';

/**
 * The film side of a ticket exchange (改签, decision 025): whether the new show and seats may be
 * chosen, moving the order's seats inside the exchange transaction, and the exchange history.
 * The use case itself (money, code, one transaction) is the payment module's `exchangeFilmOrder`.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Before the transaction, as a hold does: the show exists on this site, is on sale, its online
 * sales are open, and the seats (by id, or by label as `/show/layout` names them) follow the seat
 * rules. Answers the show with its layout and the chosen seats' ids.
 */
export async function checkExchangeChoice(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  choice: { showId: string; seatIds?: readonly string[]; seatLabels?: readonly string[] },
): Promise<{ layout: ShowWithLayout; seatIds: string[] }> {
  const now = deps.clock.now();
  const layout = await findShowWithLayout(deps.db, site.id, choice.showId);
  if (!layout) throw notFound('Show', '场次');
  if (!layout.show.is_on_sale || new Date(layout.show.start_at).getTime() <= now.getTime()) {
    throw showNotOnSale(layout.show.id);
  }
  const settings = siteSettings(site);
  if (salesCloseAt(layout.show.start_at, settings).getTime() <= now.getTime()) {
    throw salesClosed(layout.show.id, settings);
  }
  const seatIds = [...new Set(choice.seatIds ?? seatIdsOfLabels(layout, choice.seatLabels ?? []))];
  await checkSeatRules(deps, layout, user, seatIds, settings.maxSeatsPerOrder, now);
  const hasArea = new Set(layout.areas.map((area) => area.id));
  for (const seatId of seatIds) {
    const seat = layout.seats.find((candidate) => candidate.id === seatId)!;
    if (!seat.area_id || !hasArea.has(seat.area_id)) {
      throw seatRuleError('SEAT_NOT_FOR_SALE', seat.label);
    }
  }
  return { layout, seatIds };
}

/**
 * Inside the exchange transaction (the order locked): the order's sold seats are released and
 * the chosen seats of the new show sold to it, or nothing (SEAT_UNAVAILABLE naming the seats
 * someone else holds; the caller's transaction rolls back). Expired holds of others on the chosen
 * seats give way first, as in `hold_film_seats`.
 */
export async function moveOrderSeats(
  trx: Executor,
  layout: ShowWithLayout,
  move: { orderId: string; seatIds: readonly string[]; now: Date },
) {
  const showId = layout.show.id;
  const overdue = await exchangeRepository.listOverdueHoldersOf(
    trx,
    showId,
    move.seatIds,
    move.now,
  );
  if (overdue.length > 0) {
    await expireOverdueOrders(trx, overdue, move.now, orderEventReasons.holdTakenOver);
  }
  const released = await exchangeRepository.releaseSoldSeats(trx, move.orderId);
  const fromShowId = released[0]?.show_id;
  if (!fromShowId)
    throw new AppError('ORDER_STATE_INVALID', { status: 'no seats', to: 'ticketed' });
  const sold = await exchangeRepository
    .insertSoldSeats(trx, { orderId: move.orderId, showId, seatIds: move.seatIds, now: move.now })
    .catch((error: unknown) => {
      // Staff stopped sales meanwhile (0015's trigger on film_order_seats).
      if ((error as { code?: string }).code === '23514' && /not on sale/.test(String(error))) {
        throw showNotOnSale(showId);
      }
      throw error;
    });
  const labelOf = new Map(layout.seats.map((seat) => [seat.id, seat]));
  const soldIds = new Set(sold.map((row) => row.seat_id));
  const lost = move.seatIds.filter((seatId) => !soldIds.has(seatId));
  if (lost.length > 0) {
    throw new AppError('SEAT_UNAVAILABLE', {
      seats: lost.map((seatId) => labelOf.get(seatId)?.label ?? seatId),
    });
  }
  const toSeats = [...move.seatIds]
    .map((seatId) => labelOf.get(seatId)!)
    .sort((a, b) => a.y - b.y || a.x - b.x);
  return {
    fromShowId,
    fromSeatLabels: released.map((seat) => seat.label),
    toSeatLabels: toSeats.map((seat) => seat.label),
    /** What the old and the new seats cost (member prices), before any coupon. */
    fromSeatsFen: released.reduce((sum, seat) => sum + seat.discount_price_fen, 0),
    toSeatsFen: sold.reduce((sum, row) => sum + row.discount_price_fen, 0),
  };
}

export { insertExchange as recordExchange } from './film-order-exchange.repository.js';

/** The show a film order is for now (its latest seats'). */
export async function currentShowIdOf(db: Executor, orderId: string): Promise<string | undefined> {
  return (await filmOrderRepository.listShowIdsOfOrders(db, [orderId]))[0]?.show_id;
}

export async function hasExchange(db: Executor, orderId: string): Promise<boolean> {
  return (await exchangeRepository.listExchanges(db, orderId)).length > 0;
}

/** The order's exchanges as its detail shows them, oldest first. */
export async function exchangeHistory(
  db: Executor,
  siteId: string,
  orderId: string,
): Promise<OrderExchange[]> {
  const rows = await exchangeRepository.listExchanges(db, orderId);
  if (rows.length === 0) return [];
  const shows = await findShowInfos(
    db,
    siteId,
    rows.flatMap((row) => [row.from_show_id, row.to_show_id]),
  );
  return rows.flatMap((row) => {
    const fromShow = shows.get(row.from_show_id)?.showInfo;
    const toShow = shows.get(row.to_show_id)?.showInfo;
    if (!fromShow || !toShow) return [];
    return [
      {
        fromShow,
        fromSeats: row.from_seat_labels,
        toShow,
        toSeats: row.to_seat_labels,
        fromTicketCode: row.from_ticket_code,
        toTicketCode: row.to_ticket_code,
        fromAmount: fenToYuan(row.from_amount_fen),
        toAmount: fenToYuan(row.to_amount_fen),
        refundAmount: fenToYuan(row.refund_fen),
        extraAmount: fenToYuan(
          row.difference_order_id === null ? 0 : row.to_amount_fen - row.from_amount_fen,
        ),
        createdAt: row.created_at.toISOString(),
      },
    ];
  });
}
