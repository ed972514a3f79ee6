import type { CinemaInfo } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { findCinemaInfo } from '../cinema/index.js';
import type { KindDetail, KindSummary, OrderKindSteps, OrderRow } from '../orders/index.js';
import { releaseStockOf } from './store-order.service.js';
import { getStoreOrderView, viewOfLines } from './store-order-view.js';
import * as storeOrderRepository from './store-order.repository.js';

/**
 * What a store order's transitions do to its reserved units, and how order pages show it: the
 * steps the orders module runs for kind 'store' (registered by buildApp through `configureOrders`).
 */
export const storeOrderSteps: OrderKindSteps = {
  fulfilledStatus: 'ready',

  /** The reserved units become sold; HOLD_EXPIRED when they were given back meanwhile. */
  async sell(trx: Executor, orderId: string): Promise<void> {
    const sold = await storeOrderRepository.markLinesSold(trx, orderId);
    const states = await storeOrderRepository.countLinesByState(trx, orderId);
    const released = states.find((row) => row.state === 'released');
    if (sold === 0 || (released && Number(released.count) > 0)) {
      throw new AppError('HOLD_EXPIRED', { orderId, kind: 'store' });
    }
  },

  /** The units go back to stock, exactly once. */
  async release(trx: Executor, orderIds: readonly string[]): Promise<void> {
    await releaseStockOf(trx, orderIds);
  },

  async summaries(db: Executor, orders: readonly OrderRow[]): Promise<Map<string, KindSummary>> {
    const lines = await storeOrderRepository.listLinesOfOrders(
      db,
      orders.map((order) => order.id),
    );
    const cinemas = new Map<string, CinemaInfo | undefined>();
    for (const order of orders) {
      if (order.cinema_id && !cinemas.has(order.cinema_id)) {
        cinemas.set(order.cinema_id, await findCinemaInfo(db, order.site_id, order.cinema_id));
      }
    }
    const parts = new Map<string, KindSummary>();
    for (const order of orders) {
      const cinema = order.cinema_id ? cinemas.get(order.cinema_id) : undefined;
      const view = cinema
        ? viewOfLines(
            cinema,
            lines.filter((line) => line.order_id === order.id),
          )
        : null;
      if (!view) continue;
      parts.set(order.id, {
        title: view.title,
        subtitle: view.subtitle,
        posterUrl: view.imageUrl,
        startAt: null,
      });
    }
    return parts;
  },

  async detail(db: Executor, order: OrderRow): Promise<KindDetail> {
    const view = await getStoreOrderView(db, order);
    if (!view) throw new Error(`store order ${order.id} has no lines or no cinema`);
    return { film: null, store: { cinemaInfo: view.cinemaInfo, items: view.items }, startAt: null };
  },
};
