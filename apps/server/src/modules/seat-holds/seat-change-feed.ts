import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps.js';
import type { Listening } from '../../db/client.js';

/**
 * Seat changes of every show as the database announces them (migration 0013: a trigger on
 * film_order_seats NOTIFYs `seat_changes_<schema>` from the transaction that changed the seats,
 * delivered at commit to every server instance that listens). One listening connection per
 * process, started by the first subscriber; each change goes to that show's subscribers.
 */

/** A show's seats changed: the new availability version and each changed seat's state now. */
export interface SeatChange {
  showId: string;
  version: number;
  /** Null when too many seats changed for one notification: read the availability. */
  seats: { seatId: string; state: 'held' | 'sold' | 'released' }[] | null;
  /**
   * A hold's changes as this app announces them (seat-announcer.ts): whose hold the `held` seats
   * are and when it ends. Absent from the database's own notifications. Never sent to phones.
   */
  hold?: { holderId: string; until: Date };
}

export interface SeatSubscriber {
  onChange(change: SeatChange): void;
  /** The feed broke (the listening connection was lost) or is closing: nothing more comes. */
  onEnd(): void;
  /**
   * Watchers only: a server instance said it is there (`{"peer": id}` on the same channel,
   * taken-seats-memory.ts), its own process included.
   */
  onPeer?(instanceId: string): void;
}

export interface SeatChangeFeed {
  /** Start receiving the show's changes; resolves once listening. Answers the unsubscribe. */
  subscribe(showId: string, subscriber: SeatSubscriber): Promise<() => void>;
  /**
   * Receive every show's changes (the taken seats kept in memory, taken-seats-memory.ts); not counted as a
   * subscriber. Resolves once listening; answers the unsubscribe.
   */
  watchAll(watcher: SeatSubscriber): Promise<() => void>;
  /**
   * Resolves once every change committed before the call has reached the subscribers (a round
   * trip on the listening connection); rejects when not listening.
   */
  sync(): Promise<void>;
  /** How many subscribers the show has in this process. */
  countOf(showId: string): number;
  count(): number;
  /** Stop listening and end every subscriber. */
  close(): Promise<void>;
}

export function createSeatChangeFeed(deps: Pick<AppDeps, 'db' | 'listen'>): SeatChangeFeed {
  const byShow = new Map<string, Set<SeatSubscriber>>();
  const watchers = new Set<SeatSubscriber>();
  let total = 0;
  let listening: Promise<Listening> | null = null;
  let isClosed = false;

  function endAll() {
    const all = [...byShow.values()].flatMap((set) => [...set]);
    byShow.clear();
    total = 0;
    const watching = [...watchers];
    watchers.clear();
    for (const subscriber of [...watching, ...all]) subscriber.onEnd();
  }

  function startOnce(): Promise<Listening> {
    if (isClosed) return Promise.reject(new Error('seat change feed closed'));
    if (!listening) {
      const started = startListening();
      listening = started;
      started.catch(() => {
        if (listening === started) listening = null;
      });
    }
    return listening;
  }

  function dispatch(payload: string) {
    let change: SeatChange;
    try {
      const raw = JSON.parse(payload) as {
        showId: string;
        version: number;
        seats: [seatId: string, state: 'held' | 'sold' | 'released'][] | null;
        holder?: string;
        until?: string;
        peer?: string;
      };
      if (typeof raw.peer === 'string') {
        for (const watcher of watchers) watcher.onPeer?.(raw.peer);
        return;
      }
      change = {
        showId: raw.showId,
        version: Number(raw.version),
        seats: raw.seats ? raw.seats.map(([seatId, state]) => ({ seatId, state })) : null,
      };
      if (typeof raw.holder === 'string' && typeof raw.until === 'string') {
        change.hold = { holderId: raw.holder, until: new Date(raw.until) };
      }
    } catch {
      return;
    }
    // Watchers first: a cache is invalidated before any open page hears of the change.
    for (const watcher of watchers) watcher.onChange(change);
    for (const subscriber of byShow.get(change.showId) ?? []) subscriber.onChange(change);
  }

  async function startListening() {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      deps.db,
    );
    const channel = `seat_changes_${rows[0]!.schema}`;
    return deps.listen(channel, dispatch, () => {
      // The connection is gone: end every stream (clients reconnect and read afresh); the next
      // subscriber listens again.
      listening = null;
      endAll();
    });
  }

  return {
    async subscribe(showId, subscriber) {
      await startOnce();
      const set = byShow.get(showId) ?? new Set();
      set.add(subscriber);
      byShow.set(showId, set);
      total += 1;
      return () => {
        if (!set.delete(subscriber)) return;
        total -= 1;
        if (set.size === 0 && byShow.get(showId) === set) byShow.delete(showId);
      };
    },
    async watchAll(watcher) {
      await startOnce();
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
    async sync() {
      if (!listening) throw new Error('not listening');
      await (await listening).sync();
    },
    countOf: (showId) => byShow.get(showId)?.size ?? 0,
    count: () => total,
    async close() {
      isClosed = true;
      endAll();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
