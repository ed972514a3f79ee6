import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import { ErrorCode, type Envelope, type FilmOrder } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import type { Database } from '../../db/schema.js';
import { buildApp } from '../../app.js';
import { metrics } from '../../lib/metrics.js';
import {
  createTestApp,
  noBackgroundWork,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { alignedSeatPairs } from '../../test-support/aligned-seat-pairs.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import { waitsOnLock, type SeatMap } from './film-order-test-kit.js';
import { lockShow } from './seat-blocks.repository.js';

/**
 * 50 signed-in clients at once try to hold overlapping seats of one show, over real HTTP against a
 * listening server with 20 database connections: PostgreSQL's unique index must let exactly one
 * win each seat. (PGlite runs one statement at a time, so the race is only real on the server.)
 */
const CLIENTS = 50;

describeOnPostgres('seat holds under a race', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('lets exactly one client win each seat; every loser gets 40902', async () => {
    const show = await t.db
      .selectFrom('shows')
      .innerJoin('halls', 'halls.id', 'shows.hall_id')
      .select('shows.id')
      .where('halls.name', '=', '2号厅')
      .where('shows.start_at', '>', new Date(Date.now() + 3 * 3600_000))
      .orderBy('shows.start_at')
      .executeTakeFirstOrThrow();
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, () => signIn(t.app, uniqueOpenid('racer'))),
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

    // Every answer is a won hold of exactly the seats asked for, or a SEAT_UNAVAILABLE refusal
    // naming some of the seats asked for that a winner holds; nothing else (no 500, no deadlock).
    const codes = answers.map((answer) => answer.code);
    expect(
      codes.every((code) => code === 0 || code === ErrorCode.SEAT_UNAVAILABLE),
      JSON.stringify(codes),
    ).toBe(true);
    const winners = answers.flatMap((answer, index) =>
      answer.code === 0 ? [{ order: answer.data, wanted: wanted[index]! }] : [],
    );
    const losers = answers.flatMap((answer, index) =>
      answer.code === 0
        ? []
        : [
            {
              seats: (answer.data as unknown as { seats: string[] }).seats,
              wanted: wanted[index]!,
            },
          ],
    );
    expect(winners.length).toBeGreaterThan(0);
    expect(losers.length).toBeGreaterThan(0);
    for (const winner of winners) {
      expect(winner.order.seats.map((seat) => seat.label).sort()).toEqual(
        [...winner.wanted].sort(),
      );
    }
    const wonSeats = winners.flatMap(({ order }) => order.seats.map((seat) => seat.label));
    expect(new Set(wonSeats).size).toBe(wonSeats.length);
    for (const loser of losers) {
      expect(loser.seats.length).toBeGreaterThan(0);
      for (const label of loser.seats) {
        expect(loser.wanted).toContain(label);
        expect(wonSeats).toContain(label);
      }
    }
    // A request loses only to a seat already held and holds are never given back here, so each
    // block's end seats (asked for alone too) end up held. Its middle seat is asked for only with an
    // end: it stays free exactly when both ends went to requests of one seat each.
    for (const [first, middle, last] of blocks) {
      expect(wonSeats).toEqual(expect.arrayContaining([first, last]));
      if (!wonSeats.includes(middle!)) {
        const endWinners = winners.filter(({ order }) =>
          order.seats.some((seat) => seat.label === first || seat.label === last),
        );
        expect(endWinners.map(({ order }) => order.seats.length)).toEqual([1, 1]);
      }
    }

    const active = await t.db
      .selectFrom('film_order_seats')
      .select(['seat_id', 'order_id'])
      .where('show_id', '=', show.id)
      .where('state', 'in', ['held', 'sold'])
      .execute();
    // Counted in the database: the seats the winners were told they hold, each once, no others.
    expect(active.map((row) => row.seat_id).sort()).toEqual(
      wonSeats.map((label) => idOf.get(label)!).sort(),
    );
    expect(new Set(active.map((row) => row.order_id))).toEqual(
      new Set(winners.map(({ order }) => order.id)),
    );
    // Losers left no order behind.
    const pending = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'film')
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(winners.length);
  });

  it("keeps one unpaid order per user per show when the user's holds race each other", async () => {
    const show = await t.db
      .selectFrom('shows')
      .innerJoin('halls', 'halls.id', 'shows.hall_id')
      .select('shows.id')
      .where('halls.name', '=', '1号厅')
      .where('shows.start_at', '>', new Date(Date.now() + 3 * 3600_000))
      .orderBy('shows.start_at')
      .executeTakeFirstOrThrow();
    const token = await signIn(t.app, uniqueOpenid('twitchy'));
    // Ten holds of one user at once, each of a different pair at a row's end (always allowed).
    const pairs = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((row) => [
      [`${row}1`, `${row}2`],
      [`${row}9`, `${row}10`],
    ]);
    const answers = await Promise.all(
      pairs.slice(0, 10).map(async (seatLabels) => {
        const response = await fetch(`${baseUrl}/api/filmOrder/create`, {
          method: 'POST',
          headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
          body: JSON.stringify({ showId: show.id, seatLabels }),
        });
        return (await response.json()) as Envelope<FilmOrder>;
      }),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill(0));

    // Each hold replaced the one before it: one order is still pending, and only its seats held.
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        answers.map((answer) => answer.data.id),
      )
      .execute();
    const pending = orders.filter((order) => order.status === 'pending_payment');
    expect(pending).toHaveLength(1);
    expect(orders.filter((order) => order.status === 'cancelled')).toHaveLength(9);
    const active = await t.db
      .selectFrom('film_order_seats')
      .select('order_id')
      .where('show_id', '=', show.id)
      .where('state', 'in', ['held', 'sold'])
      .execute();
    expect(active.map((row) => row.order_id)).toEqual([pending[0]!.id, pending[0]!.id]);
  });

  /** How many hold statements were sent and how many holds they carried (decision 037). */
  async function holdStatements() {
    const metric = metrics.registry.getSingleMetric('marquee_seat_hold_batch_size');
    const values = (await metric!.get()).values;
    const value = (name: string) =>
      values.find((entry) => (entry as { metricName?: string }).metricName === name)?.value ?? 0;
    return {
      statements: value('marquee_seat_hold_batch_size_count'),
      holds: value('marquee_seat_hold_batch_size_sum'),
    };
  }

  /**
   * Clients that each hold random pairs of a small set, one request after another: every user's
   * new hold releases their previous one, and pairs are wanted by several clients at once. At the
   * end the seats held are exactly those of each user's last won hold, each such order unpaid with
   * its seats, every other order of theirs cancelled, and no seat twice.
   */
  async function churn(
    showId: string,
    clients: {
      token: string;
      hold(token: string, seatIds: string[]): Promise<Envelope<FilmOrder>>;
    }[],
    pairs: string[][],
    rounds: number,
  ) {
    const lastWon = new Map<string, FilmOrder>();
    const won: string[] = [];
    const codes = new Map<number, number>();
    await Promise.all(
      clients.map(async (client) => {
        for (let round = 0; round < rounds; round += 1) {
          const seatIds = pairs[randomInt(pairs.length)]!;
          const answer = await client.hold(client.token, seatIds);
          codes.set(answer.code, (codes.get(answer.code) ?? 0) + 1);
          if (answer.code !== 0) continue;
          expect([...answer.data.seats.map((seat) => seat.id)].sort()).toEqual([...seatIds].sort());
          lastWon.set(client.token, answer.data);
          won.push(answer.data.id);
        }
      }),
    );
    expect(
      [...codes.keys()].every((code) => code === 0 || code === ErrorCode.SEAT_UNAVAILABLE),
      JSON.stringify([...codes]),
    ).toBe(true);
    expect(codes.get(0) ?? 0).toBeGreaterThan(10);

    const active = await t.db
      .selectFrom('film_order_seats')
      .select(['seat_id', 'order_id'])
      .where('show_id', '=', showId)
      .where('state', 'in', ['held', 'sold'])
      .execute();
    const latest = [...lastWon.values()];
    expect(new Set(active.map((row) => row.seat_id)).size).toBe(active.length);
    expect(active.map((row) => `${row.order_id} ${row.seat_id}`).sort()).toEqual(
      latest.flatMap((order) => order.seats.map((seat) => `${order.id} ${seat.id}`)).sort(),
    );
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', won)
      .execute();
    const latestIds = new Set(latest.map((order) => order.id));
    expect(orders).toHaveLength(won.length);
    for (const order of orders) {
      expect(order.status).toBe(latestIds.has(order.id) ? 'pending_payment' : 'cancelled');
    }
  }

  async function imaxShow(nth: number) {
    const show = await t.db
      .selectFrom('shows')
      .innerJoin('halls', 'halls.id', 'shows.hall_id')
      .select('shows.id')
      .where('halls.name', '=', 'IMAX巨幕厅')
      .where('shows.start_at', '>', new Date(Date.now() + 3 * 3600_000))
      .orderBy('shows.start_at')
      .offset(nth)
      .limit(1)
      .executeTakeFirstOrThrow();
    const map = (await (
      await fetch(`${baseUrl}/api/show/seats?showId=${show.id}`, {
        headers: { site: DEMO_SITE_CODE },
      })
    ).json()) as Envelope<SeatMap>;
    // A few pairs for many clients: most holds want a pair someone else wants at the same time.
    return { showId: show.id, pairs: alignedSeatPairs(map.data).slice(0, 60) };
  }

  const overHttp = (showId: string) => async (token: string, seatIds: string[]) => {
    const response = await fetch(`${baseUrl}/api/filmOrder/create`, {
      method: 'POST',
      headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
      body: JSON.stringify({ showId, seatIds }),
    });
    return (await response.json()) as Envelope<FilmOrder>;
  };

  it('sends concurrent holds several to a statement and still holds each seat once', async () => {
    const { showId, pairs } = await imaxShow(0);
    const tokens = await Promise.all(
      Array.from({ length: 80 }, () => signIn(t.app, uniqueOpenid('batched'))),
    );
    const before = await holdStatements();
    await churn(
      showId,
      tokens.map((token) => ({ token, hold: overHttp(showId) })),
      pairs,
      5,
    );
    const after = await holdStatements();
    const statements = after.statements - before.statements;
    const holds = after.holds - before.holds;
    // Holds refused from the seats kept in memory never reach a statement: fewer than 400.
    expect(holds).toBeGreaterThan(80);
    expect(statements).toBeLessThan(holds / 2);
  });

  it('holds each seat once when two server processes batch holds of the same seats', async () => {
    const { showId, pairs } = await imaxShow(1);
    // A second app on the same database: holds batched apart, whose statements wait on each other.
    const other: FastifyInstance = await buildApp({
      ...noBackgroundWork,
      database: t.database,
      clock: t.clock,
      logLevel: 'silent',
      webDist: null,
      rateLimitPerMinute: 100_000,
    });
    try {
      const clients = await Promise.all(
        Array.from({ length: 80 }, async (_, index) => {
          if (index % 2 === 0) {
            const token = await signIn(t.app, uniqueOpenid('here'));
            return { token, hold: overHttp(showId) };
          }
          const token = await signIn(other, uniqueOpenid('there'));
          return {
            token,
            hold: async (token: string, seatIds: string[]) =>
              (
                await other.inject({
                  method: 'POST',
                  url: '/api/filmOrder/create',
                  headers: { site: DEMO_SITE_CODE, token },
                  payload: { showId, seatIds },
                })
              ).json<Envelope<FilmOrder>>(),
          };
        }),
      );
      const before = await holdStatements();
      await churn(showId, clients, pairs, 5);
      const after = await holdStatements();
      expect(after.statements - before.statements).toBeLessThan((after.holds - before.holds) / 2);
    } finally {
      await other.close();
    }
  });

  /**
   * A hold of seats A1–A2 of a 3号厅 show (the nth from now, one per test) sent while a staff transaction holds the show row
   * (lockShow, as blocks, off-sales and cancellations do) and has made its change, not committed:
   * the hold must wait for it (0036's insert check reads the show FOR SHARE) and then see it.
   * Without that lock the check reads the show before the change commits (the foreign key's
   * lock waits too, but after the check) and the hold writes its seats under the staff's change.
   */
  async function holdDuringStaffChange(
    nth: number,
    change: (
      trx: Transaction<Database>,
      show: { id: string; site_id: string },
      seatId: string,
    ) => Promise<void>,
  ) {
    const show = await t.db
      .selectFrom('shows')
      .innerJoin('halls', 'halls.id', 'shows.hall_id')
      .select(['shows.id', 'shows.site_id'])
      .where('halls.name', '=', '3号厅')
      .where('shows.start_at', '>', new Date(Date.now() + 3 * 3600_000))
      .where('shows.is_on_sale', '=', true)
      .orderBy('shows.start_at')
      .offset(nth)
      .limit(1)
      .executeTakeFirstOrThrow();
    const token = await signIn(t.app, uniqueOpenid('staff-race'));
    const mapAnswer = (await (
      await fetch(`${baseUrl}/api/show/seats?showId=${show.id}`, {
        headers: { site: DEMO_SITE_CODE },
      })
    ).json()) as Envelope<SeatMap>;
    const seats = mapAnswer.data.rows.flatMap((row) => row.seats);
    const seatIds = ['A1', 'A2'].map((label) => seats.find((seat) => seat.label === label)!.id);
    let hold: Promise<Envelope<FilmOrder>> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await lockShow(trx, show.site_id, show.id);
      await change(trx, show, seatIds[0]!);
      hold = fetch(`${baseUrl}/api/filmOrder/create`, {
        method: 'POST',
        headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
        body: JSON.stringify({ showId: show.id, seatIds }),
      }).then((response) => response.json() as Promise<Envelope<FilmOrder>>);
      // Commit only once the hold's statement waits on a lock (the show row), so the hold has
      // passed the service's own checks and runs in SQL against the uncommitted change.
      expect(
        await waitsOnLock(t.db, '%hold_film_seats%'),
        'the hold waits for the staff change',
      ).toBe(true);
    });
    const answer = await hold!;
    const active = await t.db
      .selectFrom('film_order_seats')
      .select('seat_id')
      .where('show_id', '=', show.id)
      .where('state', 'in', ['held', 'sold'])
      .execute();
    return { answer, active: active.map((row) => row.seat_id), seatIds };
  }

  it('a hold racing a seat block waits for it and loses the blocked seat', async () => {
    const { answer, active, seatIds } = await holdDuringStaffChange(
      0,
      async (trx, show, seatId) => {
        await trx
          .insertInto('show_seat_blocks')
          .values({
            show_id: show.id,
            seat_id: seatId,
            reason: 'broken in a race',
            blocked_by: 'race test',
            blocked_at: new Date(),
          })
          .execute();
      },
    );
    expect(answer.code).toBe(ErrorCode.SEAT_UNAVAILABLE);
    expect((answer.data as unknown as { seats: string[] }).seats).toEqual(['A1']);
    expect(active).not.toContain(seatIds[0]);
  });

  it('a hold racing an off-sale waits for it and is refused', async () => {
    const { answer, active } = await holdDuringStaffChange(1, async (trx, show) => {
      await trx.updateTable('shows').set({ is_on_sale: false }).where('id', '=', show.id).execute();
    });
    expect(answer.code).toBe(ErrorCode.SHOW_NOT_ON_SALE);
    expect(active).toEqual([]);
  });
});
