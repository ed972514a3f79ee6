import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps.js';
import type { SeatChangeFeed } from './seat-change-feed.js';

/**
 * Whether a seat-map read must first hear what may be pending on the seat change feed (decision
 * 036), and the round trip that does it. A change committed before a request came is surely heard
 * once a round trip on the listening connection, started after the request came, has ended
 * (PostgreSQL sends a listener its pending notifications before it answers). That round trip is
 * needed only when a change can be pending:
 * - this process has answered a call that may write since the last round trip began (`writes`,
 *   write-marks.ts: counted as each answer is sent, after its commit);
 * - another server instance is there: each NOTIFYs `{"peer": id}` on the seat channel every
 *   PEER_HELLO_MS from its start, and one heard within PEER_WINDOW_MS counts as there;
 * - the feed began listening less than PEER_WINDOW_MS ago (who else is there is not known yet).
 */
export interface SeatFreshness {
  /** Resolves once every change committed before the call has been heard; rejects if not listening. */
  hearPending(): Promise<void>;
  /** The feed began listening (again). */
  listening(): void;
  /** A `{"peer": id}` came on the feed. */
  heardPeer(instanceId: string): void;
  close(): void;
}

/** How many answers of calls that may change data this process has sent (write-marks.ts). */
export interface WriteCount {
  count(): number;
}

export interface SeatFreshnessOptions {
  /** Absent: every read waits for a round trip, as if a write were always pending. */
  writes?: WriteCount;
  /**
   * Tests of a lone memory: no other server instance writes to this database, so it neither
   * says hello nor listens for others'.
   */
  isAlone?: boolean;
  /** How long an instance heard of counts as there (tests shorten it). */
  peerWindowMs?: number;
}

const PEER_HELLO_MS = 2_000;
/** Longer than two hellos apart: one lost hello does not make an instance look gone. */
const PEER_WINDOW_MS = 5_000;

export function createSeatFreshness(
  deps: Pick<AppDeps, 'db'>,
  feed: Pick<SeatChangeFeed, 'sync'>,
  options: SeatFreshnessOptions = {},
): SeatFreshness {
  const { writes, isAlone = false } = options;
  const peerWindowMs = options.peerWindowMs ?? PEER_WINDOW_MS;
  const instanceId = randomUUID();
  /** Until when (performance.now()) another instance may be writing. */
  let peersUntil = 0;
  let isClosed = false;

  // Tell the other instances this one is here (it may write), from the start, whether or not it
  // listens yet: one NOTIFY every PEER_HELLO_MS.
  const payload = JSON.stringify({ peer: instanceId });
  const sayHello = () => {
    if (isClosed) return;
    sql`select pg_notify('seat_changes_' || current_schema(), ${payload})`
      .execute(deps.db)
      .catch(() => undefined);
  };
  const hello = isAlone ? null : setInterval(sayHello, PEER_HELLO_MS);
  hello?.unref();
  if (!isAlone) sayHello();

  // One round trip on the listening connection at a time; a caller arriving while one runs waits
  // for the next (the running one may have been answered before the caller's request came).
  let syncing: Promise<void> | null = null;
  let nextSync: Promise<void> | null = null;
  /** The write count when the last finished round trip started: every write up to it is heard. */
  let heardWrites = -1;
  function syncFromNow(): Promise<void> {
    if (!syncing) {
      const writesAtStart = writes ? writes.count() : 0;
      const started = feed
        .sync()
        .then(() => {
          heardWrites = Math.max(heardWrites, writesAtStart);
        })
        .finally(() => {
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

  return {
    hearPending() {
      const mayBePending =
        !writes || writes.count() !== heardWrites || performance.now() < peersUntil;
      return mayBePending ? syncFromNow() : Promise.resolve();
    },
    listening() {
      if (!isAlone) peersUntil = performance.now() + peerWindowMs;
    },
    heardPeer(id) {
      if (id !== instanceId && !isAlone) peersUntil = performance.now() + peerWindowMs;
    },
    close() {
      isClosed = true;
      if (hello) clearInterval(hello);
    },
  };
}
