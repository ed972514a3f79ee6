import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, FilmOrder } from '@marquee/contracts';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { DEMO_SITE_CODE, loadDemoDataOnce } from '../../db/demo-data.js';
import { migrateToLatest } from '../../db/migrate.js';
import { signIn, TestClock, uniqueOpenid } from '../../test-support/test-app.js';
import { isPostgresReachable, testDatabaseUrl } from '../../test-support/test-database.js';
import type { SeatMap } from './film-order-test-kit.js';

/**
 * 50 signed-in clients at once try to hold overlapping seats of one show, over real HTTP against a
 * listening server with 20 database connections: PostgreSQL's unique index must let exactly one
 * win each seat. (PGlite runs one statement at a time, so the race is only real on the server.)
 */
const CLIENTS = 50;
const postgresReachable = await isPostgresReachable();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresReachable)('seat holds under a race (PostgreSQL)', () => {
  const schema = `race_${randomBytes(5).toString('hex')}`;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    database = await openDatabase({ kind: 'postgres', url: testDatabaseUrl, schema, poolSize: 20 });
    await migrateToLatest(database.db);
    await loadDemoDataOnce(database.db);
    app = await buildApp({
      database,
      clock: new TestClock(),
      logLevel: 'silent',
      webDist: null,
      rateLimitPerMinute: 100_000,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(`drop schema if exists ${schema} cascade`);
  });

  it('lets exactly one client win each seat; every loser gets 40902', async () => {
    const show = await database.db
      .selectFrom('shows')
      .innerJoin('halls', 'halls.id', 'shows.hall_id')
      .select('shows.id')
      .where('halls.name', '=', '2号厅')
      .where('shows.start_at', '>', new Date(Date.now() + 3 * 3600_000))
      .orderBy('shows.start_at')
      .executeTakeFirstOrThrow();
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, () => signIn(app, uniqueOpenid('racer'))),
    );
    const mapAnswer = (await (
      await fetch(`${baseUrl}/api/show/seats?showId=${show.id}`, {
        headers: { site: DEMO_SITE_CODE },
      })
    ).json()) as Envelope<SeatMap>;
    const idOf = new Map(
      mapAnswer.data.rows.flatMap((row) => row.seats).map((seat) => [seat.label, seat.id]),
    );

    // Four contested blocks of three seats between a wall and an aisle (A1-3, A14-16, B1-3,
    // B14-16); each choice is always allowed by the seat rules, so a refusal can only be a conflict.
    const blocks = [
      ['A1', 'A2', 'A3'],
      ['A14', 'A15', 'A16'],
      ['B1', 'B2', 'B3'],
      ['B14', 'B15', 'B16'],
    ];
    const patterns = [[0, 1], [1, 2], [0, 1, 2], [0], [2]];
    const wanted = tokens.map((_, index) => {
      const block = blocks[index % blocks.length]!;
      return patterns[Math.floor(index / blocks.length) % patterns.length]!.map((i) => block[i]!);
    });

    const answers = await Promise.all(
      tokens.map(async (token, index) => {
        const response = await fetch(`${baseUrl}/api/filmOrder/create`, {
          method: 'POST',
          headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
          body: JSON.stringify({
            showId: show.id,
            seatIds: wanted[index]!.map((label) => idOf.get(label)!),
          }),
        });
        return (await response.json()) as Envelope<FilmOrder>;
      }),
    );

    const codes = answers.map((answer) => answer.code);
    expect(new Set(codes)).toEqual(new Set([0, 40902]));
    const winners = answers.filter((answer) => answer.code === 0).map((answer) => answer.data);
    const losers = answers.filter((answer) => answer.code !== 0);
    expect(winners.length + losers.length).toBe(CLIENTS);
    for (const loser of losers) {
      expect((loser.data as unknown as { seats: string[] }).seats.length).toBeGreaterThan(0);
    }
    const wonSeats = winners.flatMap((order) => order.seats.map((seat) => seat.label));
    expect(new Set(wonSeats).size).toBe(wonSeats.length);

    const active = await database.db
      .selectFrom('film_order_seats')
      .select(['seat_id', 'order_id'])
      .where('show_id', '=', show.id)
      .where('state', 'in', ['held', 'sold'])
      .execute();
    expect(active.length).toBe(wonSeats.length);
    expect(new Set(active.map((row) => row.seat_id)).size).toBe(active.length);
    expect(new Set(active.map((row) => row.order_id))).toEqual(
      new Set(winners.map((order) => order.id)),
    );
    // Losers left no order behind.
    const pending = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'film')
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(winners.length);
  });
});
