import type { FastifyInstance } from 'fastify';
import {
  cancelFilmOrderCall,
  createFilmOrderCall,
  filmOrderDetailCall,
  pendingFilmOrderCall,
  setFilmOrderGoodsCall,
  showAvailabilityCall,
  showLayoutCall,
  showSeatsCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall, bindPreparedCall } from '../../plugins/calls.js';
import { setFilmOrderGoods } from './film-order-goods.service.js';
import * as filmOrderService from './film-order.service.js';
import { getShowAvailability, getShowLayout } from './seat-availability.service.js';
import { createSeatChangeFeed } from './seat-change-feed.js';
import { getShowSeats } from './seat-map.service.js';
import {
  defaultSeatStreamLimits,
  registerSeatStream,
  type SeatStreamLimits,
} from './seat-stream.routes.js';

export function registerFilmOrderRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: { seatStreamLimits?: Partial<SeatStreamLimits> } = {},
): void {
  bindCall(app, deps, showSeatsCall, ({ site, query }) => getShowSeats(deps, site, query.showId));
  // The layout changes only with the show (prices, times): phones keep it and revalidate (304).
  bindPreparedCall(
    app,
    deps,
    showLayoutCall,
    ({ site, query }) => getShowLayout(deps, site, query.showId),
    { cacheControl: 'public, max-age=60' },
  );
  // One query per show at a time however many phones ask (readTakenSeatsShared): no counter.
  bindCall(
    app,
    deps,
    showAvailabilityCall,
    ({ site, query }) => getShowAvailability(deps, site, query.showId),
    { isUnlimited: true },
  );
  const feed = createSeatChangeFeed(deps);
  registerSeatStream(app, deps, feed, { ...defaultSeatStreamLimits, ...options.seatStreamLimits });
  // How many seat streams are open in this process (tests, diagnostics).
  app.decorate('openSeatStreams', () => feed.count());
  // Before the server stops accepting: end the open streams so close() does not wait on them.
  app.addHook('preClose', async () => {
    await feed.close();
  });
  bindCall(app, deps, createFilmOrderCall, ({ site, user, body }) =>
    filmOrderService.createFilmOrder(deps, site, user, body),
  );
  bindCall(app, deps, setFilmOrderGoodsCall, ({ site, user, body }) =>
    setFilmOrderGoods(deps, site, user, body),
  );
  bindCall(app, deps, filmOrderDetailCall, ({ user, query }) =>
    filmOrderService.getFilmOrder(deps, user, query.orderId),
  );
  bindCall(app, deps, cancelFilmOrderCall, ({ user, body }) =>
    filmOrderService.cancelFilmOrder(deps, user, body.orderId),
  );
  bindCall(app, deps, pendingFilmOrderCall, ({ site, user, query }) =>
    filmOrderService.getPendingFilmOrder(deps, site, user, query.showId),
  );
}
