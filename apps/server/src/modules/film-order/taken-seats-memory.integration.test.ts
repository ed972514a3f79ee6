import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, signIn, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';
import { hold, seatIds, seatMap, showPicker } from './film-order-test-kit.js';
import { createSeatChangeFeed, type SeatChangeFeed } from './seat-change-feed.js';
import { createTakenSeatsMemory, type TakenSeatsMemory } from './taken-seats-memory.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnEachDatabase('taken seats kept in memory (taken-seats-memory.ts)', (kind) => {
  let t: TestApp;
  let feed: SeatChangeFeed;
  // Never read again on its own during a test: only the feed can have told it.
  let memory: TakenSeatsMemory;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind);
    feed = createSeatChangeFeed({ db: t.db, listen: t.database.listen });
    memory = createTakenSeatsMemory({ db: t.db }, feed, { refreshMs: 60_000 });
  });
  afterAll(async () => {
    memory?.close();
    await feed?.close();
    await t?.close();
  });

  /** Read until the show is answered from memory (the first reads subscribe, then read it). */
  async function follow(showId: string) {
    for (let i = 0; i < 100 && !memory.isFollowing(showId); i += 1) {
      await memory.read(showId, t.clock.now());
      await sleep(10);
    }
    expect(memory.isFollowing(showId)).toBe(true);
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
    const [seatId] = seatIds(await seatMap(t, showId), ['D1']);
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
    const taken = await readUntil(showId, (view) => view.blocked.length > 0);
    expect(taken.blocked).toEqual([seatId]);
    expect(memory.reads()).toBe(reads + 1);
  });
});
