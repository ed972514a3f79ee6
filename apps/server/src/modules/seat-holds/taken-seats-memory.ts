import type { AppDeps } from '../../app-deps.js';
import { createSharedReads, type SharedReads } from './shared-reads.js';
import { readTakenSeats, type TakenSeats } from './seat-holds.repository.js';
import type { SeatChange, SeatChangeFeed } from './seat-change-feed.js';
import {
  createSeatFreshness,
  type SeatFreshness,
  type SeatFreshnessOptions,
} from './seat-freshness.js';

/**
 * The taken seats of the shows in use, kept in memory from the seat change feed: one
 * record per show (`ShowSeats`), one watcher on the feed for them all, one database read at a time
 * per show serving both kinds of callers.
 *
 * **Holds** (`read`, decision 035): advice for the seat rules (the unique index on active seats
 * decides every hold, decision 002), so a view a few milliseconds behind the database does as well
 * as the read it replaces. The view is read once, then changed by each announcement: a hold's says
 * whose the held seats are and until when (seat-announcer.ts); a change that does not (a seat
 * taken another way, a block, too many seats for one payload) makes the next hold read again.
 * Read again in the background after REFRESH_MS (and by every seat-map read of the show, below);
 * holds ending on the app's clock are free at once; while the feed is not listening, holds read as
 * before (shared-reads.ts).
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

/** A database read of one show's taken seats, running or done. */
interface Read {
  promise: Promise<TakenSeats>;
  /** The show's generation and the feed's epoch when it started. */
  generation: number;
  epoch: number;
  startedAt: number;
  /** Changes heard while it runs, applied to the holds' view after its answer. */
  heard: SeatChange[];
}

interface Snapshot {
  taken: TakenSeats;
  generation: number;
  epoch: number;
  readAt: number;
}

/** What is kept of one show: the holds' view, the seat-map snapshot, and the reads running. */
class ShowSeats {
  /** The holds' view; null until a read is in. */
  sold: Set<string> | null = null;
  held = new Map<string, HeldSeat>();
  blocked = new Set<string>();
  viewReadAt = 0;
  /** A change the view cannot apply came: read again at the next hold. */
  isStale = false;
  /** Bumped by every change heard of the show (and by this process's own holds). */
  generation = 0;
  /** The last read whose show had no change while it ran: what seat-map reads may use. */
  snapshot: Snapshot | null = null;
  /** Reads running now; the last is the newest. */
  running: Read[] = [];
  usedAt = 0;

  /** A change of the show: the snapshot is stale, the view takes it (and so do running reads). */
  heard(change: SeatChange) {
    this.changed();
    for (const read of this.running) read.heard.push(change);
    this.apply(change);
  }

  /** The show changed (heard, or a hold of this process): its snapshot is stale now. */
  changed() {
    this.generation += 1;
    this.snapshot = null;
  }

  /** A change as the holds' view takes it. */
  apply(change: SeatChange) {
    if (!this.sold) return;
    if (!change.seats) {
      this.isStale = true;
      return;
    }
    for (const { seatId, state } of change.seats) {
      if (state === 'released') {
        this.held.delete(seatId);
        this.sold.delete(seatId);
      } else if (state === 'sold') {
        this.held.delete(seatId);
        this.sold.add(seatId);
      } else if (change.hold) {
        this.held.set(seatId, {
          holderId: change.hold.holderId,
          until: change.hold.until.getTime(),
        });
      } else {
        // Held, but whose and until when is not said: ask the database.
        this.isStale = true;
      }
    }
  }

  /** A read's answer: the snapshot if nothing changed while it ran; the view unless a newer read set it. */
  answered(read: Read, taken: TakenSeats, epoch: number) {
    // Kept for seat-map reads only if no change came while it ran (it may predate that one).
    if (this.generation === read.generation) {
      this.snapshot = { taken, generation: read.generation, epoch, readAt: read.startedAt };
    }
    if (read.startedAt < this.viewReadAt) return;
    this.sold = new Set(taken.sold);
    this.held = new Map(
      taken.held.map(([seatId, holderId, until]) => [
        seatId,
        { holderId, until: new Date(until).getTime() },
      ]),
    );
    this.blocked = new Set(taken.blocked);
    this.viewReadAt = read.startedAt;
    this.isStale = false;
    // Changes heard during the read, in order: those it saw already apply the same.
    for (const change of read.heard) this.apply(change);
  }

  /** The snapshot, if a seat-map read may use it now (see TakenSeatsMemory). */
  freshSnapshot(epoch: number, now: Date): TakenSeats | null {
    const { snapshot } = this;
    const isFresh =
      snapshot &&
      snapshot.generation === this.generation &&
      snapshot.epoch === epoch &&
      performance.now() - snapshot.readAt < MAX_AGE_MS &&
      !(snapshot.taken.nextHoldExpiryAt && snapshot.taken.nextHoldExpiryAt <= now);
    return isFresh ? snapshot.taken : null;
  }

  /** The holds' view as taken seats at `now` (holds ended on the app's clock read as free). */
  view(this: ShowSeats & { sold: Set<string> }, now: Date): TakenSeats {
    const at = now.getTime();
    const held: TakenSeats['held'] = [];
    let nextExpiry = Infinity;
    for (const [seatId, seat] of this.held) {
      if (seat.until > at) {
        held.push([seatId, seat.holderId, '']);
        nextExpiry = Math.min(nextExpiry, seat.until);
      }
    }
    return {
      version: 0,
      sold: [...this.sold],
      held,
      blocked: [...this.blocked],
      nextHoldExpiryAt: nextExpiry === Infinity ? null : new Date(nextExpiry),
    };
  }
}

export interface TakenSeatsMemoryOptions extends SeatFreshnessOptions {
  refreshMs?: number;
  /** The app's reads shared per show (its own when absent). */
  sharedReads?: SharedReads;
}

export function createTakenSeatsMemory(
  deps: Pick<AppDeps, 'db'>,
  feed: Pick<SeatChangeFeed, 'watchAll' | 'sync'>,
  options: TakenSeatsMemoryOptions = {},
): TakenSeatsMemory {
  return new ShowMemory(deps, feed, options);
}

/** The shows' records and the feed's watch: TakenSeatsMemory. */
class ShowMemory implements TakenSeatsMemory {
  private readonly refreshMs: number;
  private readonly freshness: SeatFreshness;
  private readonly sharedReads: SharedReads;
  private readonly shows = new Map<string, ShowSeats>();
  private readCount = 0;
  /** Bumped whenever the feed starts or ends: what was read in another epoch may miss changes. */
  private epoch = 0;
  private isWatching = false;
  private isClosed = false;
  private watching: Promise<boolean> | null = null;
  private retryAfter = 0;
  private unwatch = () => {};
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly deps: Pick<AppDeps, 'db'>,
    private readonly feed: Pick<SeatChangeFeed, 'watchAll' | 'sync'>,
    options: TakenSeatsMemoryOptions,
  ) {
    this.refreshMs = options.refreshMs ?? REFRESH_MS;
    this.freshness = createSeatFreshness(deps, feed, options);
    this.sharedReads = options.sharedReads ?? createSharedReads(deps.db);
    this.sweep = setInterval(() => this.forgetIdle(), IDLE_MS);
    this.sweep.unref();
  }

  private forgetIdle() {
    const idleSince = performance.now() - IDLE_MS;
    for (const [showId, show] of this.shows) if (show.usedAt < idleSince) this.shows.delete(showId);
  }

  private showOf(showId: string): ShowSeats {
    let show = this.shows.get(showId);
    if (!show) {
      if (this.shows.size >= SHOW_LIMIT) this.shows.clear();
      show = new ShowSeats();
      this.shows.set(showId, show);
    }
    show.usedAt = performance.now();
    return show;
  }

  changed(showId: string) {
    this.shows.get(showId)?.changed();
  }

  /** Start watching the feed once; false while it cannot (callers then read every time). */
  private watch(): Promise<boolean> {
    if (this.isWatching) return Promise.resolve(true);
    if (this.isClosed || performance.now() < this.retryAfter) return Promise.resolve(false);
    this.watching ??= this.feed
      .watchAll({
        onChange: (change) => this.shows.get(change.showId)?.heard(change),
        onPeer: (id) => this.freshness.heardPeer(id),
        // The feed broke or closes: what was kept may miss changes from now on.
        onEnd: () => {
          this.isWatching = false;
          this.epoch += 1;
          this.shows.clear();
        },
      })
      .then(
        (stop) => {
          if (this.isClosed) {
            stop();
            return false;
          }
          this.unwatch = stop;
          this.epoch += 1;
          this.isWatching = true;
          this.freshness.listening();
          return true;
        },
        () => {
          // Not listening: callers read as before, and try again a little later (not on every
          // call while the server refuses).
          this.retryAfter = performance.now() + RETRY_MS;
          return false;
        },
      )
      .finally(() => {
        this.watching = null;
      });
    return this.watching;
  }

  /** A database read of the show; its answer refreshes the holds' view and, if nothing changed, the snapshot. */
  private startRead(showId: string, show: ShowSeats, now: Date): Read {
    this.readCount += 1;
    const read: Read = {
      promise: readTakenSeats(this.deps.db, showId, now),
      generation: show.generation,
      epoch: this.epoch,
      startedAt: performance.now(),
      heard: [],
    };
    show.running.push(read);
    const done = () => {
      show.running = show.running.filter((each) => each !== read);
    };
    read.promise.then((taken) => {
      done();
      if (read.epoch !== this.epoch || !this.isWatching || this.shows.get(showId) !== show) return;
      show.answered(read, taken, this.epoch);
    }, done);
    return read;
  }

  /** A read for the holds' view: the one running if any, else a new one. */
  private refreshView(showId: string, show: ShowSeats, now: Date): Promise<unknown> {
    const newest = show.running.at(-1);
    if (newest && newest.epoch === this.epoch && newest.startedAt >= show.viewReadAt) {
      return newest.promise;
    }
    return this.startRead(showId, show, now).promise;
  }

  async current(showId: string, now: Date): Promise<TakenSeats> {
    if (!this.isWatching && !(await this.watch())) return this.sharedReads(showId, now);
    // A change made through this process, or by another instance, may not have been heard yet.
    const epochAtStart = this.epoch;
    try {
      await this.freshness.hearPending();
    } catch {
      return this.sharedReads(showId, now);
    }
    if (!this.isWatching || this.epoch !== epochAtStart) return this.sharedReads(showId, now);
    const show = this.showOf(showId);
    const snapshot = show.freshSnapshot(this.epoch, now);
    if (snapshot) return snapshot;
    const newest = show.running.at(-1);
    if (newest && newest.generation === show.generation && newest.epoch === this.epoch) {
      return newest.promise;
    }
    return this.startRead(showId, show, now).promise;
  }

  async read(showId: string, now: Date): Promise<TakenSeats> {
    if (!this.isWatching) {
      // Not listening yet (or any more): what the feed would say is not known.
      void this.watch();
      return this.sharedReads(showId, now);
    }
    const show = this.showOf(showId);
    if (show.sold === null || show.isStale) {
      // Nothing to go on, or something is known to be missing: wait for the read.
      await this.refreshView(showId, show, now).catch(() => undefined);
    } else if (performance.now() - show.viewReadAt >= this.refreshMs) {
      // Only old: answer from memory now and read in the background, so a show's holds do
      // not all queue behind its read once a second.
      this.refreshView(showId, show, now).catch(() => undefined);
    }
    if (!show.sold || this.shows.get(showId) !== show) return this.sharedReads(showId, now);
    return (show as ShowSeats & { sold: Set<string> }).view(now);
  }

  reads() {
    return this.readCount;
  }

  isFollowing(showId: string) {
    const show = this.shows.get(showId);
    return Boolean(this.isWatching && show?.sold && !show.isStale);
  }

  close() {
    this.isClosed = true;
    this.isWatching = false;
    clearInterval(this.sweep);
    this.freshness.close();
    this.unwatch();
    this.shows.clear();
  }
}
