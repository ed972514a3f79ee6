import type { AppDeps } from '../../app-deps.js';
import { readTakenSeats, type TakenSeats } from './seat-holds.repository.js';
import { createSharedReads, type SharedReads } from './shared-reads.js';
import type { SeatChange, SeatChangeFeed } from './seat-change-feed.js';
import { createSeatFreshness, type SeatFreshnessOptions } from './seat-freshness.js';

/**
 * The taken seats of the shows in use, kept in memory from the seat change feed (issue 12): one
 * record per show, one watcher on the feed for them all, one database read at a time per show
 * serving both kinds of callers.
 *
 * **Holds** (`read`, decision 035): advice for the seat rules (the unique index on active seats
 * decides every hold, decision 002), so a view a few milliseconds behind the database does as well
 * as the read it replaces. The view is read once, then changed by each announcement: a hold's says
 * whose the held seats are and until when (seat-announcer.ts); a change that does not (a seat
 * taken another way, a block, too many seats for one payload) makes the next hold read again.
 * Read again in the background after REFRESH_MS (and by every seat-map read of the show, below);
 * holds ending on the app's clock are free at once; while the feed is not listening, holds read as
 * before (readTakenSeatsShared).
 *
 * **Seat-map reads** (`current`, decision 036): a snapshot of the show as last read, used only
 * while all of these hold:
 * - the feed has been listening since before its read started, and no change of the show has
 *   been heard since then (of any version: commits land out of version order);
 * - every change committed before the request came has been heard (read-your-writes): when one
 *   can be pending, the read first waits for a round trip on the listening connection
 *   (seat-freshness.ts); this process's holds make their show's snapshot stale at once
 *   (`changed`, before their NOTIFY);
 * - no hold in it has expired since (a hold that runs out changes no row, but reads as free);
 * - it is younger than MAX_AGE_MS (a hold's announcement lost in another process, 0035).
 */
export interface TakenSeatsMemory {
  /** A hold's view of the show's taken seats (decision 035): may be a few milliseconds behind. */
  read(showId: string, now: Date): Promise<TakenSeats>;
  /** The show's taken seats for a seat-map read, as fresh as described above. */
  current(showId: string, now: Date): Promise<TakenSeats>;
  /** This process committed a change of the show's seats (a hold): its snapshot is stale now. */
  changed(showId: string): void;
  /** How many times it read the database so far (tests, diagnostics). */
  reads(): number;
  /** Whether the show's seats are answered to holds from memory now (tests). */
  isFollowing(showId: string): boolean;
  close(): void;
}

export type { WriteCount } from './seat-freshness.js';

const REFRESH_MS = 1_000;
const MAX_AGE_MS = 5_000;
const IDLE_MS = 60_000;
const SHOW_LIMIT = 5_000;
const RETRY_MS = 5_000;

interface HeldSeat {
  holderId: string;
  until: number;
}

interface Read {
  promise: Promise<TakenSeats>;
  /** The show's generation and the feed's epoch when it started. */
  generation: number;
  epoch: number;
  startedAt: number;
  /** Changes heard while it runs, applied to the holds' view after its answer. */
  heard: SeatChange[];
}

interface ShowSeats {
  /** The holds' view; null until a read is in. */
  sold: Set<string> | null;
  held: Map<string, HeldSeat>;
  blocked: Set<string>;
  viewReadAt: number;
  /** A change the view cannot apply came: read again at the next hold. */
  isStale: boolean;
  /** Bumped by every change heard of the show (and by this process's own holds). */
  generation: number;
  /** The last read whose show had no change while it ran: what seat-map reads may use. */
  snapshot: { taken: TakenSeats; generation: number; epoch: number; readAt: number } | null;
  /** Reads running now; the last is the newest. */
  running: Read[];
  usedAt: number;
}

export function createTakenSeatsMemory(
  deps: Pick<AppDeps, 'db'>,
  feed: Pick<SeatChangeFeed, 'watchAll' | 'sync'>,
  options: SeatFreshnessOptions & { refreshMs?: number; sharedReads?: SharedReads } = {},
): TakenSeatsMemory {
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  const readTakenSeatsShared = options.sharedReads ?? createSharedReads(deps.db);
  const freshness = createSeatFreshness(deps, feed, options);
  const shows = new Map<string, ShowSeats>();
  let reads = 0;
  /** Bumped whenever the feed starts or ends: what was read in another epoch may miss changes. */
  let epoch = 0;
  let isWatching = false;
  let isClosed = false;
  let watching: Promise<boolean> | null = null;
  let retryAfter = 0;
  let unwatch = () => {};

  const sweep = setInterval(() => {
    const idleSince = performance.now() - IDLE_MS;
    for (const [showId, show] of shows) if (show.usedAt < idleSince) shows.delete(showId);
  }, IDLE_MS);
  sweep.unref();

  function showOf(showId: string): ShowSeats {
    let show = shows.get(showId);
    if (!show) {
      if (shows.size >= SHOW_LIMIT) shows.clear();
      show = {
        sold: null,
        held: new Map(),
        blocked: new Set(),
        viewReadAt: 0,
        isStale: false,
        generation: 0,
        snapshot: null,
        running: [],
        usedAt: 0,
      };
      shows.set(showId, show);
    }
    show.usedAt = performance.now();
    return show;
  }

  function heard(change: SeatChange) {
    const show = shows.get(change.showId);
    if (!show) return;
    show.generation += 1;
    show.snapshot = null;
    for (const read of show.running) read.heard.push(change);
    apply(show, change);
  }

  function changed(showId: string) {
    const show = shows.get(showId);
    if (!show) return;
    show.generation += 1;
    show.snapshot = null;
  }

  /** A change as the holds' view takes it. */
  function apply(show: ShowSeats, change: SeatChange) {
    if (!show.sold) return;
    if (!change.seats) {
      show.isStale = true;
      return;
    }
    for (const { seatId, state } of change.seats) {
      if (state === 'released') {
        show.held.delete(seatId);
        show.sold.delete(seatId);
      } else if (state === 'sold') {
        show.held.delete(seatId);
        show.sold.add(seatId);
      } else if (change.hold) {
        show.held.set(seatId, {
          holderId: change.hold.holderId,
          until: change.hold.until.getTime(),
        });
      } else {
        // Held, but whose and until when is not said: ask the database.
        show.isStale = true;
      }
    }
  }

  /** Start watching the feed once; false while it cannot (callers then read every time). */
  function watch(): Promise<boolean> {
    if (isWatching) return Promise.resolve(true);
    if (isClosed || performance.now() < retryAfter) return Promise.resolve(false);
    watching ??= feed
      .watchAll({
        onChange: heard,
        onPeer: (id) => freshness.heardPeer(id),
        // The feed broke or closes: what was kept may miss changes from now on.
        onEnd: () => {
          isWatching = false;
          epoch += 1;
          shows.clear();
        },
      })
      .then(
        (stop) => {
          if (isClosed) {
            stop();
            return false;
          }
          unwatch = stop;
          epoch += 1;
          isWatching = true;
          freshness.listening();
          return true;
        },
        () => {
          // Not listening: callers read as before, and try again a little later (not on every
          // call while the server refuses).
          retryAfter = performance.now() + RETRY_MS;
          return false;
        },
      )
      .finally(() => {
        watching = null;
      });
    return watching;
  }

  /** A database read of the show; its answer refreshes the holds' view and, if nothing changed, the snapshot. */
  function startRead(showId: string, show: ShowSeats, now: Date): Read {
    reads += 1;
    const read: Read = {
      promise: readTakenSeats(deps.db, showId, now),
      generation: show.generation,
      epoch,
      startedAt: performance.now(),
      heard: [],
    };
    show.running.push(read);
    const done = () => {
      show.running = show.running.filter((each) => each !== read);
    };
    read.promise.then((taken) => {
      done();
      if (read.epoch !== epoch || !isWatching || shows.get(showId) !== show) return;
      // Kept for seat-map reads only if no change came while it ran (it may predate that one).
      if (show.generation === read.generation) {
        show.snapshot = { taken, generation: read.generation, epoch, readAt: read.startedAt };
      }
      // The holds' view, unless a newer read already set it.
      if (read.startedAt >= show.viewReadAt) {
        show.sold = new Set(taken.sold);
        show.held = new Map(
          taken.held.map(([seatId, holderId, until]) => [
            seatId,
            { holderId, until: new Date(until).getTime() },
          ]),
        );
        show.blocked = new Set(taken.blocked);
        show.viewReadAt = read.startedAt;
        show.isStale = false;
        // Changes heard during the read, in order: those it saw already apply the same.
        for (const change of read.heard) apply(show, change);
      }
    }, done);
    return read;
  }

  /** A read for the holds' view: the one running if any, else a new one. */
  function refreshView(showId: string, show: ShowSeats, now: Date): Promise<unknown> {
    const newest = show.running.at(-1);
    if (newest && newest.epoch === epoch && newest.startedAt >= show.viewReadAt) {
      return newest.promise;
    }
    return startRead(showId, show, now).promise;
  }

  function viewOf(show: ShowSeats & { sold: Set<string> }, now: Date): TakenSeats {
    const at = now.getTime();
    const held: TakenSeats['held'] = [];
    let nextExpiry = Infinity;
    for (const [seatId, seat] of show.held) {
      if (seat.until > at) {
        held.push([seatId, seat.holderId, '']);
        nextExpiry = Math.min(nextExpiry, seat.until);
      }
    }
    return {
      version: 0,
      sold: [...show.sold],
      held,
      blocked: [...show.blocked],
      nextHoldExpiryAt: nextExpiry === Infinity ? null : new Date(nextExpiry),
    };
  }

  async function current(showId: string, now: Date): Promise<TakenSeats> {
    if (!isWatching && !(await watch())) return readTakenSeatsShared(showId, now);
    // A change made through this process, or by another instance, may not have been heard yet.
    const epochAtStart = epoch;
    try {
      await freshness.hearPending();
    } catch {
      return readTakenSeatsShared(showId, now);
    }
    if (!isWatching || epoch !== epochAtStart) return readTakenSeatsShared(showId, now);
    const show = showOf(showId);
    const { snapshot } = show;
    if (
      snapshot &&
      snapshot.generation === show.generation &&
      snapshot.epoch === epoch &&
      performance.now() - snapshot.readAt < MAX_AGE_MS &&
      !(snapshot.taken.nextHoldExpiryAt && snapshot.taken.nextHoldExpiryAt <= now)
    ) {
      return snapshot.taken;
    }
    const newest = show.running.at(-1);
    if (newest && newest.generation === show.generation && newest.epoch === epoch) {
      return newest.promise;
    }
    return startRead(showId, show, now).promise;
  }

  return {
    current,
    changed,
    async read(showId, now) {
      if (!isWatching) {
        // Not listening yet (or any more): what the feed would say is not known.
        void watch();
        return readTakenSeatsShared(showId, now);
      }
      const show = showOf(showId);
      if (show.sold === null || show.isStale) {
        // Nothing to go on, or something is known to be missing: wait for the read.
        await refreshView(showId, show, now).catch(() => undefined);
      } else if (performance.now() - show.viewReadAt >= refreshMs) {
        // Only old: answer from memory now and read in the background, so a show's holds do
        // not all queue behind its read once a second.
        refreshView(showId, show, now).catch(() => undefined);
      }
      if (!show.sold || shows.get(showId) !== show) {
        return readTakenSeatsShared(showId, now);
      }
      return viewOf(show as ShowSeats & { sold: Set<string> }, now);
    },
    reads: () => reads,
    isFollowing: (showId) => {
      const show = shows.get(showId);
      return Boolean(isWatching && show?.sold && !show.isStale);
    },
    close() {
      isClosed = true;
      isWatching = false;
      clearInterval(sweep);
      freshness.close();
      unwatch();
      shows.clear();
    },
  };
}
