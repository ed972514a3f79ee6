import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, signIn, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';
import { hold, seatIds, seatMap, showPicker } from '../film-order/film-order-test-kit.js';
import {
  createSeatChangeFeed,
  type SeatChange,
  type SeatChangeFeed,
  type SeatSubscriber,
} from './seat-change-feed.js';
import { createTakenSeatsMemory, type TakenSeatsMemory } from './taken-seats-memory.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The feed as a listener that is slow to hear: a change reaches the memory only when a `sync()`
 * brings it (as PostgreSQL promises: pending notifications come before a statement's answer), or
 * when the test lets it through. So what a read sees does not depend on how fast NOTIFY is.
 * Other instances' hellos do not pass (the test app's own say hello too); `peer` makes one up.
 */
function slowFeed(feed: SeatChangeFeed) {
  let waiting: SeatChange[] = [];
  let watcher: SeatSubscriber | undefined;
  let syncs = 0;
  const deliver = () => {
    const changes = waiting;
    waiting = [];
    for (const change of changes) watcher?.onChange(change);
  };
  return {
    syncs: () => syncs,
    /** Another server instance says it is there. */
    peer: (id: string) => watcher?.onPeer?.(id),
    /** Let everything committed so far through (not counted as a sync of the memory's). */
    async hear() {
      await feed.sync();
      deliver();
    },
    async watchAll(subscriber: SeatSubscriber) {
      watcher = subscriber;
      return feed.watchAll({
        onChange: (change) => waiting.push(change),
        onEnd: () => subscriber.onEnd(),
      });
    },
    async sync() {
      syncs += 1;
      await feed.sync();
      deliver();
    },
  };
}

describeOnEachDatabase('taken seats kept in memory (taken-seats-memory.ts)', (kind) => {
  let t: TestApp;
  let feed: SeatChangeFeed;
  // Never read again on its own during a test: only the feed can have told it.
  let memory: TakenSeatsMemory;
  const opened: TakenSeatsMemory[] = [];
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind);
    feed = createSeatChangeFeed({ db: t.db, listen: t.database.listen });
    memory = createTakenSeatsMemory({ db: t.db }, feed, { refreshMs: 60_000 });
  });
  afterEach(() => {
    for (const each of opened.splice(0)) each.close();
  });
  afterAll(async () => {
    memory?.close();
    await feed?.close();
    await t?.close();
  });

  /** Read until the show is answered from memory (the first reads subscribe, then read it). */
  async function follow(showId: string, kept = memory) {
    for (let i = 0; i < 100 && !kept.isFollowing(showId); i += 1) {
      await kept.read(showId, t.clock.now());
      await sleep(10);
    }
    expect(kept.isFollowing(showId)).toBe(true);
  }

  /** Read from memory until `isDone` holds (the NOTIFY is on its way), at most 2 s. */
  async function readUntil(
    showId: string,
    isDone: (taken: Awaited<ReturnType<TakenSeatsMemory['read']>>) => boolean,
  ) {
    let taken = await memory.read(showId, t.clock.now());
    for (let i = 0; i < 200 && !isDone(taken); i += 1) {
      await sleep(10);
      taken = await memory.read(showId, t.clock.now());
    }
    return taken;
  }

  /** A fresh show and a memory of its own on a slow feed (closed after the test). */
  async function onSlowFeed(options?: Parameters<typeof createTakenSeatsMemory>[2]) {
    const showId = await freshShow('1号厅');
    const slow = slowFeed(feed);
    const kept = createTakenSeatsMemory({ db: t.db }, slow, options);
    opened.push(kept);
    return { showId, slow, kept };
  }

  async function blockSeat(showId: string, label: string) {
    const [seatId] = seatIds(await seatMap(t, showId), [label]);
    // Its trigger NOTIFYs inside this transaction (0016), as a sale or a release does.
    await t.db
      .insertInto('show_seat_blocks')
      .values({
        show_id: showId,
        seat_id: seatId!,
        reason: 'broken',
        blocked_by: 'test',
        blocked_at: t.clock.now(),
      })
      .execute();
    return seatId!;
  }

  it('learns a hold from its announcement, whose it is, and frees it when it runs out', async () => {
    const showId = await freshShow('1号厅');
    await follow(showId);
    const reads = memory.reads();
    const token = await signIn(t.app, uniqueOpenid('memory'));
    const held = await hold(t, token, showId, ['C4', 'C5']);
    expect(held.body.code).toBe(0);
    const order = await t.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', held.body.data.id)
      .executeTakeFirstOrThrow();
    const seats = seatIds(await seatMap(t, showId), ['C4', 'C5']);
    const taken = await readUntil(showId, (view) => view.held.length === 2);
    expect(taken.held.map(([seatId, holder]) => [seatId, holder]).sort()).toEqual(
      seats.map((seatId) => [seatId, order.user_id]).sort(),
    );
    // From the announcement alone: no read.
    expect(memory.reads()).toBe(reads);
    // Past the hold's end on the app's clock: free, with no read in between.
    t.clock.advance(2 * 60 * 60);
    try {
      expect((await memory.read(showId, t.clock.now())).held).toEqual([]);
    } finally {
      t.clock.advance(-2 * 60 * 60);
    }
  });

  it('reads the show again after a change it cannot apply (a seat blocked)', async () => {
    const showId = await freshShow('1号厅');
    await follow(showId);
    const reads = memory.reads();
    const seatId = await blockSeat(showId, 'D1');
    const taken = await readUntil(showId, (view) => view.blocked.length > 0);
    expect(taken.blocked).toEqual([seatId]);
    expect(memory.reads()).toBe(reads + 1);
  });

  it('answers seat-map reads with no query and no round trip while nothing changed', async () => {
    const { showId, slow, kept } = await onSlowFeed({
      writes: { count: () => 0 },
      isAlone: true,
    });
    const first = await kept.current(showId, t.clock.now());
    const reads = kept.reads();
    const syncs = slow.syncs();
    for (let i = 0; i < 20; i += 1) {
      expect(await kept.current(showId, t.clock.now())).toBe(first);
    }
    expect(kept.reads()).toBe(reads);
    expect(slow.syncs()).toBe(syncs);
    // Heard of a change: read once more, then again nothing.
    const seatId = await blockSeat(showId, 'E2');
    await slow.hear();
    expect((await kept.current(showId, t.clock.now())).blocked).toEqual([seatId]);
    await kept.current(showId, t.clock.now());
    expect(kept.reads()).toBe(reads + 1);
    expect(slow.syncs()).toBe(syncs);
  });

  it('sees a change committed just before it once a call that may write was answered here', async () => {
    let writes = 0;
    const { showId, slow, kept } = await onSlowFeed({
      writes: { count: () => writes },
      isAlone: true,
    });
    expect((await kept.current(showId, t.clock.now())).blocked).toEqual([]);
    // Committed by another connection, its NOTIFY not heard yet; then this process answers a
    // call that may have made it (write-marks.ts): the next read must see it.
    const seatId = await blockSeat(showId, 'F3');
    writes += 1;
    expect((await kept.current(showId, t.clock.now())).blocked).toEqual([seatId]);
    // Once heard, the next reads need no round trip.
    const syncs = slow.syncs();
    await kept.current(showId, t.clock.now());
    expect(slow.syncs()).toBe(syncs);
  });

  it('waits for a round trip on every read when it is not told of writes (decision 036 as it was)', async () => {
    const { showId, kept } = await onSlowFeed();
    await kept.current(showId, t.clock.now());
    const seatId = await blockSeat(showId, 'F4');
    expect((await kept.current(showId, t.clock.now())).blocked).toEqual([seatId]);
  });

  it('waits for a round trip on every read while another server instance is there', async () => {
    const { showId, slow, kept } = await onSlowFeed({
      writes: { count: () => 0 },
      peerWindowMs: 300,
    });
    await kept.current(showId, t.clock.now());
    // Past the first window after it began listening, with no other instance heard: no round trip.
    await sleep(400);
    await kept.current(showId, t.clock.now());
    const syncs = slow.syncs();
    await kept.current(showId, t.clock.now());
    expect(slow.syncs()).toBe(syncs);
    // A change committed by another instance, not heard yet; that instance says hello.
    const seatId = await blockSeat(showId, 'F5');
    slow.peer('another-instance');
    expect((await kept.current(showId, t.clock.now())).blocked).toEqual([seatId]);
    // Not heard of again within the window: alone again.
    await sleep(400);
    await kept.current(showId, t.clock.now());
    const later = slow.syncs();
    await kept.current(showId, t.clock.now());
    expect(slow.syncs()).toBe(later);
  });

  it("drops a seat-map snapshot at once when this process's own hold is committed", async () => {
    const { showId, kept } = await onSlowFeed({
      writes: { count: () => 0 },
      isAlone: true,
    });
    const before = await kept.current(showId, t.clock.now());
    const seatId = await blockSeat(showId, 'A1');
    // The announcer tells it before the NOTIFY goes out (seat-announcer.ts).
    kept.changed(showId);
    expect(await kept.current(showId, t.clock.now())).not.toBe(before);
    expect((await kept.current(showId, t.clock.now())).blocked).toEqual([seatId]);
  });

  it("serves a hold's rules from the read a seat map made: one read for both", async () => {
    const { showId, slow, kept } = await onSlowFeed({
      writes: { count: () => 0 },
      refreshMs: 60_000,
    });
    await kept.current(showId, t.clock.now());
    expect(kept.reads()).toBe(1);
    const seatId = await blockSeat(showId, 'B2');
    await slow.hear();
    // The block cannot be applied: the holds' view is stale; the seat map's read refreshes it.
    expect(kept.isFollowing(showId)).toBe(false);
    await kept.current(showId, t.clock.now());
    expect(kept.isFollowing(showId)).toBe(true);
    expect((await kept.read(showId, t.clock.now())).blocked).toEqual([seatId]);
    expect(kept.reads()).toBe(2);
  });
});
