import type { AppDeps } from '../../app-deps.js';
import * as filmOrderRepository from './film-order.repository.js';
import type { SeatChangeFeed } from './seat-change-feed.js';
import { readTakenSeatsShared } from './seat-availability.service.js';

type TakenSeats = filmOrderRepository.TakenSeats;

/**
 * Each show's taken seats as last read, reused until something says they changed (decision 036):
 * the seat-map reads (`/show/seats`, `/show/availability`) of a busy show cost no query at all
 * between changes, instead of one per round trip.
 *
 * A snapshot is used only while all of these hold:
 * - the seat change feed (LISTEN) has been up since before its read started, and no change of
 *   the show has arrived since then (a change of any version: commits can land out of version
 *   order, so the version alone could miss one);
 * - the caller's request began before a round trip on the listening connection that has ended
 *   (`feed.sync()`): every change committed before the request arrived, by any process, has been
 *   heard, so a reader sees what a database read at its arrival would (read-your-writes);
 * - no hold in it has expired since (an expired hold reads as free at once, without a change);
 * - it is younger than MAX_AGE_MS (a hold's announcement lost in another process, 0035).
 * This process's own holds invalidate their show directly (`changed`), as soon as they commit.
 * Without the feed (not listening yet, the connection lost) every call reads, shared per show.
 */
export interface SeatSnapshots {
  /** The show's taken seats, as fresh as described above. Outside transactions only. */
  current(showId: string, now: Date): Promise<TakenSeats>;
  /** This process changed the show's seats (a committed hold): its snapshot is stale now. */
  changed(showId: string): void;
  close(): void;
}

const MAX_AGE_MS = 5_000;
const SHOW_LIMIT = 5_000;

interface ShowSeats {
  /** Bumped by every change heard of the show. */
  generation: number;
  snapshot?: { taken: TakenSeats; generation: number; epoch: number; readAt: number };
  reading?: { promise: Promise<TakenSeats>; generation: number; epoch: number };
}

export function createSeatSnapshots(
  deps: Pick<AppDeps, 'db'>,
  feed: Pick<SeatChangeFeed, 'watchAll' | 'sync'>,
): SeatSnapshots {
  const shows = new Map<string, ShowSeats>();
  /** Bumped whenever the feed starts or ends: snapshots of an earlier epoch may have missed changes. */
  let epoch = 0;
  let watching: Promise<boolean> | null = null;
  let isWatching = false;
  let isClosed = false;
  let unwatch = () => {};

  function showOf(showId: string): ShowSeats {
    let show = shows.get(showId);
    if (!show) {
      if (shows.size >= SHOW_LIMIT) shows.clear();
      show = { generation: 0 };
      shows.set(showId, show);
    }
    return show;
  }

  function changed(showId: string) {
    const show = shows.get(showId);
    if (show) {
      show.generation += 1;
      show.snapshot = undefined;
    }
  }

  /** Start watching the feed once; false while it cannot (callers then read every time). */
  function watch(): Promise<boolean> {
    if (isWatching) return Promise.resolve(true);
    if (isClosed) return Promise.resolve(false);
    watching ??= feed
      .watchAll({
        onChange: (change) => changed(change.showId),
        onEnd: () => {
          isWatching = false;
          epoch += 1;
        },
      })
      .then(
        (stop) => {
          unwatch = stop;
          epoch += 1;
          isWatching = !isClosed;
          return isWatching;
        },
        () => false,
      )
      .finally(() => {
        watching = null;
      });
    return watching;
  }

  // One round trip on the listening connection at a time; a caller arriving while one runs waits
  // for the next (the running one may have been answered before the caller's request came).
  let syncing: Promise<void> | null = null;
  let nextSync: Promise<void> | null = null;
  function syncFromNow(): Promise<void> {
    if (!syncing) {
      const started = feed.sync().finally(() => {
        if (syncing === started) syncing = null;
      });
      syncing = started;
      return started;
    }
    nextSync ??= syncing
      .catch(() => undefined)
      .then(() => {
        nextSync = null;
        return syncFromNow();
      });
    return nextSync;
  }

  async function current(showId: string, now: Date): Promise<TakenSeats> {
    if (!(await watch())) return readTakenSeatsShared(deps.db, showId, now);
    const epochAtStart = epoch;
    try {
      await syncFromNow();
    } catch {
      return readTakenSeatsShared(deps.db, showId, now);
    }
    if (!isWatching || epoch !== epochAtStart) return readTakenSeatsShared(deps.db, showId, now);
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
    const { reading } = show;
    if (reading && reading.generation === show.generation && reading.epoch === epoch) {
      return reading.promise;
    }
    const started = { generation: show.generation, epoch, readAt: performance.now() };
    const promise = filmOrderRepository.readTakenSeats(deps.db, showId, now).then((taken) => {
      // Kept only if nothing changed while it ran (else it may predate that change).
      if (show.generation === started.generation && epoch === started.epoch && isWatching) {
        show.snapshot = { taken, ...started };
      }
      return taken;
    });
    const entry = { promise, generation: started.generation, epoch: started.epoch };
    show.reading = entry;
    void promise.then(
      () => {
        if (show.reading === entry) show.reading = undefined;
      },
      () => {
        if (show.reading === entry) show.reading = undefined;
      },
    );
    return promise;
  }

  return {
    current,
    changed,
    close() {
      isClosed = true;
      isWatching = false;
      unwatch();
      shows.clear();
    },
  };
}
