import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { createTestApp, signIn, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import { seatIds, seatMap, showPicker } from '../film-order/film-order-test-kit.js';
import { demoSite } from '../staff/staff-test-kit.js';
import {
  boxCall,
  holdAtCounter,
  newKey,
  newStaff,
  openShift,
  payCash,
} from './box-office-test-kit.js';
import type { CounterSale, ShiftReport } from '@marquee/contracts/console';

/**
 * Moviegoers online and cashiers at the counter try to hold the same two seats of a show at the
 * same moment, over real HTTP against a listening server with 20 database connections: both go
 * through the one hold path, so PostgreSQL's unique index on active seats lets exactly one win.
 * (PGlite runs one statement at a time, so the race is only real on the server.)
 */
const ROUNDS = 8;
const MOVIEGOERS = 4;
const CASHIERS = 4;

describeOnPostgres('counter and online holds racing for the same seats', () => {
  let t: TestApp;
  let baseUrl: string;
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('lets exactly one of them win each time; every other gets 40902', async () => {
    const site = await demoSite(t.db);
    const tokens = await Promise.all(
      Array.from({ length: MOVIEGOERS }, () => signIn(t.app, uniqueOpenid('online'))),
    );
    const cashiers: Awaited<ReturnType<typeof newStaff>>[] = [];
    for (let i = 0; i < CASHIERS; i += 1) {
      cashiers.push(await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] }));
    }
    const wins = { online: 0, counter: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      let showId = await freshShow('1号厅');
      while (
        (
          await t.db
            .selectFrom('shows')
            .select('cinema_id')
            .where('id', '=', showId)
            .executeTakeFirstOrThrow()
        ).cinema_id !== site.firstCinemaId
      ) {
        showId = await freshShow('1号厅');
      }
      const seats = seatIds(await seatMap(t, showId), ['C4', 'C5']);
      const body = JSON.stringify({ showId, seatIds: seats });
      const post = async (url: string, headers: Record<string, string>) =>
        (await (
          await fetch(`${baseUrl}${url}`, {
            method: 'POST',
            headers: { site: DEMO_SITE_CODE, 'content-type': 'application/json', ...headers },
            body,
          })
        ).json()) as Envelope<{ id?: string; orderId?: string }>;
      // Interleaved on the wire.
      const requests = Array.from({ length: MOVIEGOERS + CASHIERS }, (_, index) =>
        index % 2 === 0
          ? {
              channel: 'online' as const,
              send: () => post('/api/filmOrder/create', { token: tokens[index / 2]! }),
            }
          : {
              channel: 'counter' as const,
              send: () =>
                post('/api/console/box-office/sale/hold', {
                  'x-staff-token': cashiers[(index - 1) / 2]!.token,
                }),
            },
      );
      // The counter's call does more reads before its hold (the staff session and guard, the
      // counter customer; tens of milliseconds on a busy machine): the online calls leave 0-90 ms
      // later by round, so some rounds are decided at the seats' index, not by who came first.
      const lag = [0, 30, 60, 90][round % 4]!;
      const answers = await Promise.all(
        requests.map(async (request) => {
          if (request.channel === 'online' && lag > 0) {
            await new Promise((resolve) => setTimeout(resolve, lag));
          }
          return request.send();
        }),
      );
      const codes = answers.map((answer) => answer.code);
      expect(
        codes.filter((code) => code === 0),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.every((code) => code === 0 || code === ErrorCode.SEAT_UNAVAILABLE)).toBe(true);
      const winnerIndex = codes.indexOf(0);
      const winner = requests[winnerIndex]!;
      const orderId = answers[winnerIndex]!.data.id ?? answers[winnerIndex]!.data.orderId!;
      wins[winner.channel] += 1;

      // The database agrees: the two seats are held once, by the winner's order, of its channel.
      const active = await t.db
        .selectFrom('film_order_seats')
        .innerJoin('orders', 'orders.id', 'film_order_seats.order_id')
        .select(['orders.id', 'orders.channel'])
        .where('film_order_seats.show_id', '=', showId)
        .where('film_order_seats.seat_id', 'in', seats)
        .where('film_order_seats.state', 'in', ['held', 'sold'])
        .execute();
      expect(active).toHaveLength(2);
      expect(new Set(active.map((row) => row.id))).toEqual(new Set([orderId]));
      expect(active[0]!.channel).toBe(winner.channel);
    }
    // Figures for the report: who won how often.
    console.info(`counter vs online seat race over ${ROUNDS} rounds:`, wins);
  });

  const showOfFirstCinema = async (siteCinemaId: string) => {
    for (;;) {
      const showId = await freshShow('1号厅');
      const show = await t.db
        .selectFrom('shows')
        .select('cinema_id')
        .where('id', '=', showId)
        .executeTakeFirstOrThrow();
      if (show.cinema_id === siteCinemaId) return showId;
    }
  };

  it('takes one payment when a sale is paid twice at once, and gives it back once', async () => {
    const site = await demoSite(t.db);
    const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    const shift = await openShift(t, till.token, 100);
    for (let round = 0; round < 4; round += 1) {
      const showId = await showOfFirstCinema(site.firstCinemaId);
      const held = await holdAtCounter(t, till.token, showId, ['D4', 'D5']);
      const orderId = held.body.data.orderId;
      const pays = await Promise.all(
        Array.from({ length: 4 }, () => payCash(t, till.token, orderId, 500, newKey())),
      );
      expect(pays.filter((pay) => pay.body.code === 0)).toHaveLength(1);
      const refunds = await Promise.all(
        Array.from({ length: 3 }, () =>
          boxCall(t, till.token, '/refund', { orderId, reason: '重复点击测试' }),
        ),
      );
      expect(refunds.filter((refund) => refund.body.code === 0)).toHaveLength(1);
      const payments = await t.db
        .selectFrom('payments')
        .select(['method', 'status'])
        .where('order_id', '=', orderId)
        .where('status', 'in', ['succeeded', 'refunded'])
        .execute();
      expect(payments).toEqual([{ method: 'cash', status: 'refunded' }]);
    }
    const moves = await t.db
      .selectFrom('shift_cash_movements')
      .select(['kind'])
      .where('shift_id', '=', shift.shiftId)
      .execute();
    expect(moves.filter((move) => move.kind === 'sale')).toHaveLength(4);
    expect(moves.filter((move) => move.kind === 'refund')).toHaveLength(4);
    const report = await boxCall<ShiftReport>(
      t,
      till.token,
      `/shifts/report?shiftId=${shift.shiftId}`,
    );
    expect(report.body.data.shift.expectedCash).toBe(100);
  });

  it('counts every cash sale that races the shift’s close into it, or refuses it', async () => {
    const site = await demoSite(t.db);
    const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    const shift = await openShift(t, till.token, 200);
    const showId = await showOfFirstCinema(site.firstCinemaId);
    // One cashier holds one sale per show: sales of several shows.
    const sales: CounterSale[] = [];
    sales.push((await holdAtCounter(t, till.token, showId, ['A1'])).body.data);
    for (let i = 0; i < 5; i += 1) {
      const other = await showOfFirstCinema(site.firstCinemaId);
      sales.push((await holdAtCounter(t, till.token, other, ['A1'])).body.data);
    }
    const [closing, ...paying] = await Promise.all([
      boxCall<ShiftReport>(t, till.token, '/shifts/close', {
        shiftId: shift.shiftId,
        countedCash: 200,
      }),
      ...sales.map((sale) => payCash(t, till.token, sale.orderId, 1000)),
    ]);
    expect(closing!.body.code).toBe(0);
    const paidFen = paying.reduce(
      (sum, pay, index) =>
        pay.body.code === 0 ? sum + Math.round(sales[index]!.amount * 100) : sum,
      0,
    );
    for (const pay of paying) {
      expect([0, 40991]).toContain(pay.body.code);
    }
    const row = await t.db
      .selectFrom('shifts')
      .select(['expected_fen', 'status'])
      .where('id', '=', shift.shiftId)
      .executeTakeFirstOrThrow();
    // What the close expected is exactly the float and the sales that counted before it.
    expect(row).toEqual({ status: 'closed', expected_fen: 20_000 + paidFen });
    const counted = await t.db
      .selectFrom('shift_cash_movements')
      .select((eb) => eb.fn.sum<number>('amount_fen').as('fen'))
      .where('shift_id', '=', shift.shiftId)
      .executeTakeFirstOrThrow();
    expect(Number(counted.fen)).toBe(20_000 + paidFen);
  });
});
