import type { FastifyInstance } from 'fastify';
import {
  type FilmOrder,
  type NameLang,
  cancelFilmOrderCall,
  createFilmOrderCall,
  filmOrderDetailCall,
  pendingFilmOrderCall,
  setFilmOrderGoodsCall,
  showAvailabilityCall,
  showLayoutCall,
  showSeatsCall,
} from '@marquee/contracts';
import type { AppDeps, SiteRow } from '../../app-deps.js';
import { bindCall, bindPreparedCall } from '../../plugins/calls.js';
import { setFilmOrderGoods } from './film-order-goods.service.js';
import * as filmOrderService from './film-order.service.js';
import { getShowAvailability, getShowLayout } from './seat-availability.service.js';
import { createDatabaseHoldBatcher } from './hold-batcher.js';
import { createSeatAnnouncer } from './seat-announcer.js';
import { createSeatChangeFeed } from './seat-change-feed.js';
import { createTakenSeatsMemory, type WriteCount } from './taken-seats-memory.js';
import { getShowSeats } from './seat-map.service.js';
import {
  defaultSeatStreamLimits,
  registerSeatStream,
  type SeatStreamLimits,
} from './seat-stream.routes.js';
import { bindTimedCall } from './timed-answer.js';

/**
 * Seat holds of other channels (the box office): the same hold path, batcher, announcer and seat
 * memory as the moviegoers' holds of this app, so both see one seat inventory.
 */
export interface SeatHolds {
  hold(
    site: SiteRow,
    user: { id: string },
    input: { showId: string; seatIds: string[] },
    lang: NameLang,
    options: { holdMinutes: number },
  ): Promise<FilmOrder>;
}

export function registerFilmOrderRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: {
    seatStreamLimits?: Partial<SeatStreamLimits>;
    /** The answers of calls that may change seats (plugins/write-marks.ts); absent: any may. */
    writes?: WriteCount;
  } = {},
): SeatHolds {
  const feed = createSeatChangeFeed(deps);
  // Each show's taken seats, kept from the feed for the seat-map reads (decision 036) and the
  // holds' seat rules (decision 035): one watcher, one database read at a time per show.
  const takenSeats = createTakenSeatsMemory(deps, feed, { writes: options.writes });
  const readDeps = { ...deps, takenSeats };
  // Prepared bytes per show, language and seat states (decision 036): no query, building,
  // validation or compression per request, so no counter either.
  bindTimedCall(
    app,
    deps,
    showSeatsCall,
    ({ site, query, lang }) => getShowSeats(readDeps, site, query.showId, lang),
    { isRevalidated: true },
  );
  // The layout changes only with the show (prices, times): phones keep it and revalidate (304).
  bindPreparedCall(
    app,
    deps,
    showLayoutCall,
    ({ site, query, lang }) => getShowLayout(deps, site, query.showId, lang),
    { cacheControl: 'public, max-age=60' },
  );
  // As the full map; no ETag: a phone reads it to learn what changed, and its serverTime.
  bindTimedCall(
    app,
    deps,
    showAvailabilityCall,
    ({ site, query, lang }) => getShowAvailability(readDeps, site, query.showId, lang),
    { isRevalidated: false },
  );
  registerSeatStream(app, deps, feed, { ...defaultSeatStreamLimits, ...options.seatStreamLimits });
  // How many seat streams are open in this process (tests, diagnostics).
  app.decorate('openSeatStreams', () => feed.count());
  // Before the server stops accepting: end the open streams so close() does not wait on them.
  app.addHook('preClose', async () => {
    takenSeats.close();
    await feed.close();
  });
  // This process's holds make their show's snapshot stale at once, before they are announced.
  const seatAnnouncer = createSeatAnnouncer(deps, app.log, (showId) => takenSeats.changed(showId));
  // Holds that arrive while hold statements run go together in the next (decision 037).
  const holdBatcher = createDatabaseHoldBatcher(deps);
  // Holds sent before close are answered, and announced, before the database closes.
  app.addHook('onClose', async () => {
    await holdBatcher.drain();
    // The answered holds' announcements are queued by their calls once these have run on.
    await new Promise((resolve) => setImmediate(resolve));
    await seatAnnouncer.drain();
  });
  const holdDeps = { ...deps, seatAnnouncer, holdBatcher, takenSeats };
  // A hold needs only the user's id: the session may come from memory (session-cache.ts).
  bindCall(
    app,
    deps,
    createFilmOrderCall,
    ({ site, user, body, lang }) =>
      filmOrderService.createFilmOrder(holdDeps, site, user, body, lang),
    { session: 'identity' },
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
  return {
    hold: (site, user, input, lang, holdOptions) =>
      filmOrderService.createFilmOrder(holdDeps, site, user, input, lang, holdOptions),
  };
}
