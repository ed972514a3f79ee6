import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createSeatAnnouncer } from './seat-announcer.js';
import { createSeatChangeFeed, type SeatChange, type SeatChangeFeed } from './seat-change-feed.js';

const silentLog = { warn: () => {} } as unknown as Parameters<typeof createSeatAnnouncer>[1];

/**
 * The seat announcer on the real database: the changes announced in one turn of the event loop
 * (the holds of one hold statement) go out in one NOTIFY statement, in the order announced, with
 * whose hold they are; what is announced while that statement runs goes in the next one.
 */
describeOnEachDatabase('seat announcer', (kind) => {
  let t: TestApp;
  let feed: SeatChangeFeed;
  const heard: SeatChange[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    feed = createSeatChangeFeed({ db: t.db, listen: t.database.listen });
    await feed.watchAll({ onChange: (change) => heard.push(change), onEnd: () => {} });
  });
  afterAll(async () => {
    await feed?.close();
    await t?.close();
  });

  /**
   * The announcer on the test's database, counting the statements it sends; `afterFirst` runs
   * when the first statement's answer has come, before the announcer hears of it.
   */
  function announcer(afterFirst?: () => void) {
    const statements: string[] = [];
    const db = {
      executeQuery: async (query: CompiledQuery) => {
        statements.push(query.sql);
        const result = await t.db.executeQuery(query);
        if (statements.length === 1) afterFirst?.();
        return result;
      },
    } as unknown as Kysely<Database>;
    return { statements, announcer: createSeatAnnouncer({ db }, silentLog) };
  }

  const payload = (showId: string, version: number, seatId: string) => ({
    showId,
    version,
    seats: [[seatId, 'held']],
  });

  it("sends the changes of one turn's holds in one statement, in order", async () => {
    const { statements, announcer: announce } = announcer();
    const showId = crypto.randomUUID();
    const until = new Date('2026-12-01T12:00:00Z');
    heard.length = 0;
    // As the holds of one statement announce: one after another, in the same turn.
    announce.announce([payload(showId, 1, 'a')], { holderId: 'user-1', until });
    announce.announce([payload(showId, 2, 'b'), payload(showId, 3, 'c')], {
      holderId: 'user-2',
      until,
    });
    announce.announce([payload(showId, 4, 'd')]);
    expect(statements).toHaveLength(0);
    await announce.drain();
    expect(statements).toHaveLength(1);
    await feed.sync();
    const mine = heard.filter((change) => change.showId === showId);
    expect(mine.map((change) => change.version)).toEqual([1, 2, 3, 4]);
    expect(mine.map((change) => change.hold?.holderId)).toEqual([
      'user-1',
      'user-2',
      'user-2',
      undefined,
    ]);
    expect(mine[0]!.hold?.until.toISOString()).toBe(until.toISOString());
  });

  it('sends what comes while a statement runs in the next one, after it', async () => {
    const { statements, announcer: announce } = announcer();
    const showId = crypto.randomUUID();
    heard.length = 0;
    announce.announce([payload(showId, 1, 'a')]);
    // Let the first statement start, then announce twice while it runs.
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toHaveLength(1);
    announce.announce([payload(showId, 2, 'b')]);
    announce.announce([payload(showId, 3, 'c')]);
    await announce.drain();
    expect(statements).toHaveLength(2);
    await feed.sync();
    const mine = heard.filter((change) => change.showId === showId);
    expect(mine.map((change) => change.version)).toEqual([1, 2, 3]);
  });

  it('leaves nothing behind that comes as a statement ends', async () => {
    // A change announced a few microtasks after the statement's answer, each delay in turn: one
    // of them falls between the send loop's last look at the queue and its end.
    for (let hops = 0; hops <= 8; hops += 1) {
      const showId = crypto.randomUUID();
      const later = (left: number, then: () => void): void =>
        left === 0 ? then() : queueMicrotask(() => later(left - 1, then));
      const { statements, announcer: announce } = announcer(() =>
        later(hops, () => announce.announce([payload(showId, 2, 'b')])),
      );
      heard.length = 0;
      announce.announce([payload(showId, 1, 'a')]);
      await announce.drain();
      await new Promise((resolve) => setTimeout(resolve, 10));
      await announce.drain();
      await feed.sync();
      const mine = heard.filter((change) => change.showId === showId);
      expect({ hops, versions: mine.map((change) => change.version) }).toEqual({
        hops,
        versions: [1, 2],
      });
      expect(statements).toHaveLength(2);
    }
  });
});
