import type { FilmOrder, NameLang } from '@marquee/contracts';
import { showAvailabilityCall, showLayoutCall, showSeatsCall } from '@marquee/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps, SiteRow } from '../../app-deps.js';
import { bindPreparedCall } from '../../plugins/calls.js';
import { createDatabaseHoldBatcher } from './hold-batcher.js';
import { getShowAvailability, getShowLayout } from './seat-availability.service.js';
import { createSeatAnnouncer } from './seat-announcer.js';
import { createSeatChangeFeed, type SeatSubscriber } from './seat-change-feed.js';
import { holdSeats, type HoldOrderView } from './seat-hold.service.js';
import type { TakenSeats } from './seat-holds.repository.js';
import { getShowSeats } from './seat-map.service.js';
import {
  defaultSeatStreamLimits,
  registerSeatStream,
  type SeatStreamLimits,
} from './seat-stream.routes.js';
import { createSharedReads } from './shared-reads.js';
import { createTakenSeatsMemory, type WriteCount } from './taken-seats-memory.js';
import { bindTimedCall } from './timed-answer.js';

/**
 * The seat holds of one app: every channel's holds (moviegoers, the box office) go through the
 * same batcher, announcer and seats in memory, so all see one seat inventory.
 */
export interface SeatHolds {
  /**
   * Hold seats for a user: the rules, then one hold statement shared with the holds that arrive
   * meanwhile; answers the new unpaid order. `holdMinutes`: a counter hold's (else the site's).
   */
  hold(
    site: SiteRow,
    user: { id: string },
    input: { showId: string; seatIds?: string[]; seatLabels?: string[] },
    lang: NameLang,
    options?: { holdMinutes?: number },
  ): Promise<FilmOrder>;
  /** The show's taken seats as the seat rules see them (advice, a few ms behind; decision 035). */
  read(showId: string, now: Date): Promise<TakenSeats>;
  /** Receive the show's seat changes; resolves once listening. Answers the unsubscribe. */
  subscribe(showId: string, subscriber: SeatSubscriber): Promise<() => void>;
}

export interface SeatHoldsOptions {
  /** The answer of a hold: the film-order module's view of the new order. */
  orderView: HoldOrderView;
  /** The answers of calls that may change seats (write-marks.ts); absent: any may. */
  writes?: WriteCount;
  seatStreamLimits?: Partial<SeatStreamLimits>;
}

/**
 * Create this app's seat holds (their state lives here, nothing in the module's scope) and
 * register the seat-map reads: the seat map, the layout, the availability and its stream. Closing
 * the app ends the streams, then answers and announces the holds sent before it.
 */
export function registerSeatHolds(
  app: FastifyInstance,
  deps: AppDeps,
  options: SeatHoldsOptions,
): SeatHolds {
  const feed = createSeatChangeFeed(deps);
  const sharedReads = createSharedReads(deps.db);
  // Each show's taken seats, kept from the feed for the seat-map reads (decision 036) and the
  // holds' seat rules (decision 035): one watcher, one database read at a time per show.
  const takenSeats = createTakenSeatsMemory(deps, feed, { writes: options.writes, sharedReads });
  // Prepared bytes per show, language and seat states (decision 036): no query, building,
  // validation or compression per request, so no counter either.
  const readDeps = { ...deps, takenSeats, kept: { availability: new Map(), seatMaps: new Map() } };
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
  registerSeatStream(app, deps, feed, sharedReads, {
    ...defaultSeatStreamLimits,
    ...options.seatStreamLimits,
  });
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
  const holdDeps = {
    ...deps,
    seatAnnouncer,
    holdBatcher,
    takenSeats,
    orderView: options.orderView,
  };
  return {
    hold: (site, user, input, lang, holdOptions) =>
      holdSeats(holdDeps, site, user, input, lang, holdOptions),
    read: (showId, now) => takenSeats.read(showId, now),
    subscribe: (showId, subscriber) => feed.subscribe(showId, subscriber),
  };
}
