import type { NameLang } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { findShowInfos } from '../cinema/index.js';
import { goodsLinesOfOrders, goodsNoteOf } from '../store/index.js';
import type { KindDetail, KindSummary, OrderKindSteps, OrderRow } from '../orders/index.js';
import { exchangeHistory } from './film-order-exchange.js';
import { pendingExchangeOf } from './film-order-exchange-difference.js';
import { getFilmOrderView } from './film-order-view.js';
import * as filmOrderRepository from './film-order.repository.js';
import { listMovesOfOrder } from './seat-blocks.repository.js';

/**
 * What a film order's transitions do to its seats, and how order pages show it: the steps the
 * orders module runs for kind 'film' (registered by buildApp through `configureOrders`).
 */
export const filmOrderSteps: OrderKindSteps = {
  fulfilledStatus: 'ticketed',

  /** The held seats become sold; HOLD_EXPIRED when any of them was released meanwhile. */
  async sell(trx: Executor, orderId: string): Promise<void> {
    const sold = await filmOrderRepository.markSeatsSold(trx, orderId);
    const states = await filmOrderRepository.countSeatsByState(trx, orderId);
    const released = states.find((row) => row.state === 'released');
    if (sold === 0 || (released && Number(released.count) > 0)) {
      throw new AppError('HOLD_EXPIRED', { orderId });
    }
  },

  /** Held or sold seats are free for others again. */
  async release(trx: Executor, orderIds: readonly string[]): Promise<void> {
    for (const orderId of orderIds) await filmOrderRepository.releaseSeats(trx, orderId);
  },

  async summaries(
    db: Executor,
    orders: readonly OrderRow[],
    lang: NameLang = 'zh',
  ): Promise<Map<string, KindSummary>> {
    const showOf = new Map(
      (
        await filmOrderRepository.listShowIdsOfOrders(
          db,
          orders.map((order) => order.id),
        )
      ).map((row) => [row.order_id, row.show_id]),
    );
    const goods = await goodsLinesOfOrders(
      db,
      orders.filter((order) => order.goods_fen > 0).map((order) => order.id),
    );
    const siteId = orders[0]?.site_id;
    const shows = siteId ? await findShowInfos(db, siteId, [...showOf.values()], lang) : new Map();
    const parts = new Map<string, KindSummary>();
    for (const order of orders) {
      const show = shows.get(showOf.get(order.id) ?? '');
      if (!show) continue;
      parts.set(order.id, {
        title: show.showInfo.filmTitle,
        subtitle: `${show.cinemaInfo.name} · ${show.showInfo.hallName}`,
        posterUrl: show.showInfo.posterUrl,
        startAt: show.showInfo.startAt,
        goodsNote: goodsNoteOf(goods.get(order.id) ?? []),
      });
    }
    return parts;
  },

  async detail(db: Executor, order: OrderRow, lang: NameLang = 'zh'): Promise<KindDetail> {
    const view = await getFilmOrderView(db, order.id, undefined, lang);
    if (!view) throw new Error(`film order ${order.id} has no seats or no show`);
    const moves = await listMovesOfOrder(db, order.id);
    const seatChanges = moves.map((move) => ({
      fromLabel: move.from_label,
      toLabel: move.to_label,
      reason: move.reason,
      changedAt: move.moved_at.toISOString(),
    }));
    return {
      film: {
        showInfo: view.showInfo,
        cinemaInfo: view.cinemaInfo,
        seats: view.seats,
        seatChanges,
      },
      // Snacks added to the order (decision 029): picked up at the show's cinema.
      store: view.goods.length > 0 ? { cinemaInfo: view.cinemaInfo, items: view.goods } : null,
      startAt: view.showInfo.startAt,
      isRefundCutoffWaived: await isRefundCutoffWaived(db, view.showInfo.showId),
      exchanges: await exchangeHistory(db, order.site_id, order.id),
      pendingExchange:
        order.status === 'ticketed' ? await pendingExchangeOf(db, order.site_id, order.id) : null,
    };
  },
};

/** The show was moved by more than 15 minutes (decision 056): its buyers refund past the cutoff. */
async function isRefundCutoffWaived(db: Executor, showId: string): Promise<boolean> {
  const show = await db
    .selectFrom('shows')
    .select('refund_cutoff_waived_at')
    .where('id', '=', showId)
    .executeTakeFirst();
  return !!show?.refund_cutoff_waived_at;
}
