import type { AppDeps } from '../../app-deps.js';
import type { TakenSeats } from './film-order.repository.js';
import { readTakenSeatsShared } from './seat-availability.service.js';
import type { SeatChange, SeatChangeFeed } from './seat-change-feed.js';

/**
 * The taken seats of the shows being held now, kept in memory from the seat change feed (issue
 * 12), so a hold's seat rules cost no query: a show is read once when its first hold comes, then
 * followed through the NOTIFYs every instance already receives for open seat pages. The rules are
 * advice only (the unique index on active seats decides every hold, decision 002), so a view a
 * few milliseconds behind the database does as well as the read it replaces, which was behind by
 * its own round trip. What keeps it honest:
 * - a hold's own announcement says whose the held seats are and until when (seat-announcer.ts);
 *   a change that does not (a seat taken another way, a block, too many seats for one payload)
 *   makes the show read again at its next hold;
 * - each show is read again every REFRESH_MS (in the background: holds meanwhile use what is
 *   kept), and a hold that arrives while the feed is not listening (starting, lost) reads as
 *   before (readTakenSeatsShared);
 * - holds are kept with their end, so one that ran out is free at once on the app's clock.
 * A show nobody held for IDLE_MS is forgotten (and unfollowed).
 */

const REFRESH_MS = 1_000;
const IDLE_MS = 60_000;
const FOLLOW_LIMIT = 500;
const RETRY_MS = 5_000;

interface HeldSeat {
  holderId: string;
  until: number;
}

interface ShowSeats {
  /** Null until the first read is in. */
  sold: Set<string> | null;
  held: Map<string, HeldSeat>;
  blocked: Set<string>;
  readAt: number;
  usedAt: number;
  /** A change this view cannot apply came: read again at the next hold. */
  isStale: boolean;
  /** While a read runs: the changes since it started, applied to its answer when it comes. */
  pending: SeatChange[] | null;
  reading: Promise<void> | null;
  unsubscribe: (() => void) | null;
}

export interface TakenSeatsMemory {
  /** The show's taken seats now, as readTakenSeats answers them. */
  read(showId: string, now: Date): Promise<TakenSeats>;
  /** How many times it read the database so far (tests, diagnostics). */
  reads(): number;
  /** Whether the show's seats are answered from memory now (tests). */
  isFollowing(showId: string): boolean;
  close(): void;
}

export function createTakenSeatsMemory(
  deps: Pick<AppDeps, 'db'>,
  feed: SeatChangeFeed,
  options: { refreshMs?: number } = {},
): TakenSeatsMemory {
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  const shows = new Map<string, ShowSeats>();
  let isClosed = false;
  let reads = 0;

  function forget(showId: string) {
    const show = shows.get(showId);
    if (!show) return;
    shows.delete(showId);
    show.unsubscribe?.();
  }

  const sweep = setInterval(() => {
    const idleSince = performance.now() - IDLE_MS;
    for (const [showId, show] of shows) if (show.usedAt < idleSince) forget(showId);
  }, IDLE_MS);
  sweep.unref();

  function apply(show: ShowSeats, change: SeatChange) {
    if (show.pending) show.pending.push(change);
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

  function refresh(showId: string, show: ShowSeats, now: Date): Promise<void> {
    if (show.reading) return show.reading;
    show.pending = [];
    reads += 1;
    show.reading = readTakenSeatsShared(deps.db, showId, now)
      .then((taken) => {
        const pending = show.pending ?? [];
        show.pending = null;
        show.sold = new Set(taken.sold);
        show.held = new Map(
          taken.held.map(([seatId, holderId, until]) => [
            seatId,
            { holderId, until: new Date(until).getTime() },
          ]),
        );
        show.blocked = new Set(taken.blocked);
        show.readAt = performance.now();
        show.isStale = false;
        // Changes that came during the read, in order: those it saw already apply the same.
        for (const change of pending) apply(show, change);
      })
      .finally(() => {
        show.pending = null;
        show.reading = null;
      });
    return show.reading;
  }

  function follow(showId: string): ShowSeats {
    if (shows.size >= FOLLOW_LIMIT) {
      for (const id of [...shows.keys()]) forget(id);
    }
    const show: ShowSeats = {
      sold: null,
      held: new Map(),
      blocked: new Set(),
      readAt: 0,
      usedAt: performance.now(),
      isStale: false,
      pending: null,
      reading: null,
      unsubscribe: null,
    };
    shows.set(showId, show);
    feed
      .subscribe(showId, {
        onChange: (change) => apply(show, change),
        // The feed broke or closes: what was kept may miss changes from now on.
        onEnd: () => {
          if (shows.get(showId) === show) shows.delete(showId);
        },
      })
      .then(
        (unsubscribe) => {
          if (shows.get(showId) === show && !isClosed) show.unsubscribe = unsubscribe;
          else unsubscribe();
        },
        () => {
          // Not listening: holds of this show read as before, and try again a little later
          // (not on every hold while the server refuses).
          setTimeout(() => {
            if (shows.get(showId) === show) shows.delete(showId);
          }, RETRY_MS).unref();
        },
      );
    return show;
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

  return {
    async read(showId, now) {
      if (isClosed) return readTakenSeatsShared(deps.db, showId, now);
      const show = shows.get(showId) ?? follow(showId);
      show.usedAt = performance.now();
      // Not listening yet (or any more): what the feed would say is not known.
      if (!show.unsubscribe) return readTakenSeatsShared(deps.db, showId, now);
      if (show.sold === null || show.isStale) {
        // Nothing to go on, or something is known to be missing: wait for the read.
        await refresh(showId, show, now);
      } else if (performance.now() - show.readAt >= refreshMs) {
        // Only old: answer from memory now and read in the background, so a show's holds do
        // not all queue behind its read once a second.
        refresh(showId, show, now).catch(() => undefined);
      }
      if (!show.sold) return readTakenSeatsShared(deps.db, showId, now);
      return viewOf(show as ShowSeats & { sold: Set<string> }, now);
    },
    reads: () => reads,
    isFollowing: (showId) => {
      const show = shows.get(showId);
      return Boolean(show?.unsubscribe && show.sold && !show.isStale);
    },
    close() {
      isClosed = true;
      clearInterval(sweep);
      for (const showId of [...shows.keys()]) forget(showId);
    },
  };
}
