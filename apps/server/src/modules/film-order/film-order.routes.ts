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
import { createSeatAnnouncer } from './seat-announcer.js';
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
  bindCall(app, deps, showSeatsCall, ({ site, query, lang }) =>
    getShowSeats(deps, site, query.showId, lang),
  );
  // The layout changes only with the show (prices, times): phones keep it and revalidate (304).
  bindPreparedCall(
    app,
    deps,
    showLayoutCall,
    ({ site, query, lang }) => getShowLayout(deps, site, query.showId, lang),
    { cacheControl: 'public, max-age=60' },
  );
  // One query per show at a time however many phones ask (readTakenSeatsShared): no counter.
  bindCall(
    app,
    deps,
    showAvailabilityCall,
    ({ site, query, lang }) => getShowAvailability(deps, site, query.showId, lang),
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
  const seatAnnouncer = createSeatAnnouncer(deps, app.log);
  // Holds answered before close are announced before the database closes.
  app.addHook('onClose', () => seatAnnouncer.drain());
  const holdDeps = { ...deps, seatAnnouncer };
  bindCall(app, deps, createFilmOrderCall, ({ site, user, body, lang }) =>
    filmOrderService.createFilmOrder(holdDeps, site, user, body, lang),
  );
  bindCall(app, deps, setFilmOrderGoodsCall, ({ site, user, body }) =>
    setFilmOrderGoods(deps, site, user, body),
  );
  bindCall(app, deps, filmOrderDetailCall, ({ user, query, lang }) =>
    filmOrderService.getFilmOrder(deps, user, query.orderId, lang),
  );
  bindCall(app, deps, cancelFilmOrderCall, ({ user, body, lang }) =>
    filmOrderService.cancelFilmOrder(deps, user, body.orderId, lang),
  );
  bindCall(app, deps, pendingFilmOrderCall, ({ site, user, query, lang }) =>
    filmOrderService.getPendingFilmOrder(deps, site, user, query.showId, lang),
  );
}
