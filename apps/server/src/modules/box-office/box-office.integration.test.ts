import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type CallAnswer, type FilmOrder } from '@marquee/contracts';
import {
  ConsoleErrorCode,
  type CounterCard,
  type CounterPayAnswer,
  type CounterSale,
  type counterShowsCall,
  type PrintJob,
  type ShiftReport,
} from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { seatIds, seatMap, showPicker, stateOf } from '../film-order/film-order-test-kit.js';
import { demoSite } from '../staff/staff-test-kit.js';
import { newGoods, stockOf } from '../store/store-test-kit.js';
import {
  boxCall,
  holdAtCounter,
  newKey,
  newStaff,
  openShift,
  payCash,
  signInAgain,
} from './box-office-test-kit.js';

const PAY_PASSWORD = '258036';

describeOnEachDatabase('the box office', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
  });
  afterAll(() => t?.close());

  const cashier = () => newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
  const showOfFirstCinema = async () => {
    for (;;) {
      const showId = await freshShow('1号厅');
      const show = await t.db
        .selectFrom('shows')
        .select('cinema_id')
        .where('id', '=', showId)
        .executeTakeFirstOrThrow();
      if (show.cinema_id === site.firstCinemaId) return showId;
    }
  };

  describe('today’s shows', () => {
    it('lists the business day’s shows of the cashier’s cinema with the seats left now', async () => {
      // A show in the afternoon or evening (China time), an hour before it starts.
      let show: { id: string; start_at: Date } | undefined;
      while (!show) {
        const id = await showOfFirstCinema();
        const row = await t.db
          .selectFrom('shows')
          .select(['id', 'start_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const hour = (row.start_at.getUTCHours() + 8) % 24;
        if (hour >= 10 && hour <= 22) show = row;
      }
      const seconds = (show.start_at.getTime() - 3600_000 - t.clock.now().getTime()) / 1000;
      t.clock.advance(seconds);
      try {
        const till = await cashier();
        const list = async () => {
          const answer = await boxCall<CallAnswer<typeof counterShowsCall>>(
            t,
            till.token,
            '/shows',
          );
          expect(answer.body.code).toBe(0);
          return answer.body.data;
        };
        const before = await list();
        expect(before.cinemaId).toBe(site.firstCinemaId);
        const starts = before.shows.map((item) => item.startAt);
        expect([...starts].sort()).toEqual(starts);
        const tile = before.shows.find((item) => item.showId === show.id)!;
        expect(tile).toMatchObject({ seatsLeft: tile.seatsTotal, isSelling: true });
        expect(tile.seatsTotal).toBeGreaterThan(0);
        const held = await holdAtCounter(t, till.token, show.id, ['C4', 'C5']);
        expect(held.body.code).toBe(0);
        const after = await list();
        expect(after.shows.find((item) => item.showId === show.id)!.seatsLeft).toBe(
          tile.seatsTotal - 2,
        );
        // Another cinema's shows are not the cashier's.
        const other = await boxCall(t, till.token, `/shows?cinemaId=${site.otherCinemaId}`);
        expect(other.body.code).toBe(ConsoleErrorCode.STAFF_FORBIDDEN);
      } finally {
        t.clock.advance(-seconds);
      }
    });
  });

  describe('a shift', () => {
    it('opens with a float, sells seats and a drink for cash with change, and closes short', async () => {
      const till = await cashier();
      const shift = await openShift(t, till.token, 500);
      expect(shift).toMatchObject({ status: 'open', float: 500, expectedCash: 500 });
      const again = await boxCall(t, till.token, '/shifts/open', { float: 100 });
      expect(again.body.code).toBe(ConsoleErrorCode.SHIFT_ALREADY_OPEN);

      const showId = await showOfFirstCinema();
      const held = await holdAtCounter(t, till.token, showId, ['C5', 'C6']);
      expect(held.body.code).toBe(0);
      const sale = held.body.data;
      expect(sale.status).toBe('pending_payment');
      expect(sale.seats.map((seat) => seat.label)).toEqual(['C排5座', 'C排6座']);
      // A counter hold lasts the site's counter minutes (5 by default), not the online 15.
      const holdSeconds = (Date.parse(sale.holdExpiresAt) - t.clock.now().getTime()) / 1000;
      expect(holdSeconds).toBe(300);
      const row = await t.db
        .selectFrom('orders')
        .select(['channel', 'sold_by_staff_id'])
        .where('id', '=', sale.orderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ channel: 'counter', sold_by_staff_id: till.id });
      // Moviegoers see the seats taken at once.
      expect(stateOf(await seatMap(t, showId), 'C5')).not.toBe('available');

      const drink = await newGoods(t, { variants: [{ priceFen: 1500, stock: 5 }] });
      const withDrink = await boxCall<CounterSale>(t, till.token, '/sale/goods', {
        orderId: sale.orderId,
        items: [{ goodsInfoId: drink.variants[0]!.id, quantity: 1 }],
      });
      expect(withDrink.body.code).toBe(0);
      const total = withDrink.body.data.amount;
      expect(total).toBeCloseTo(sale.amount + 15, 2);
      expect(await stockOf(t, drink.variants[0]!.id)).toBe(4);

      const short = await payCash(t, till.token, sale.orderId, total - 1);
      expect(short.body.code).toBe(ConsoleErrorCode.CASH_TENDERED_SHORT);

      const key = newKey();
      const tendered = Math.ceil(total / 100) * 100 + 100;
      const paid = await payCash(t, till.token, sale.orderId, tendered, key);
      expect(paid.body.code).toBe(0);
      expect(paid.body.data.status).toBe('paid');
      expect(paid.body.data.change).toBeCloseTo(tendered - total, 2);
      expect(paid.body.data.sale.status).toBe('ticketed');
      expect(paid.body.data.sale.ticketCode).toMatch(/^\d{10}$/);
      expect(paid.body.data.sale.goodsCode).not.toBeNull();
      expect(paid.body.data.sale.payments).toEqual([{ method: 'cash', amount: total }]);
      // The same key again answers the same sale; the drawer counts it once.
      const replay = await payCash(t, till.token, sale.orderId, tendered, key);
      expect(replay.body.data).toEqual(paid.body.data);

      const print = await boxCall<PrintJob>(t, till.token, '/print', { orderId: sale.orderId });
      expect(print.body.data).toMatchObject({ isReprint: false, printCount: 1 });
      expect(print.body.data.tickets).toHaveLength(2);
      expect(print.body.data.tickets[0]!.qrText).toContain(paid.body.data.sale.ticketCode!);
      expect(print.body.data.receipt.change).toBeCloseTo(tendered - total, 2);
      const reprint = await boxCall<PrintJob>(t, till.token, '/print', { orderId: sale.orderId });
      expect(reprint.body.data).toMatchObject({ isReprint: true, printCount: 2 });

      const counted = 500 + total - 1.5;
      const closed = await boxCall<ShiftReport>(t, till.token, '/shifts/close', {
        shiftId: shift.shiftId,
        countedCash: Math.round(counted * 100) / 100,
      });
      expect(closed.body.code).toBe(0);
      const report = closed.body.data;
      expect(report.shift).toMatchObject({ status: 'closed', difference: -1.5 });
      expect(report.shift.expectedCash).toBeCloseTo(500 + total, 2);
      expect(report.shift.cashSales).toBeCloseTo(total, 2);
      expect(report.byMethod.find((m) => m.method === 'cash')).toMatchObject({ salesCount: 1 });
      expect(report).toMatchObject({ orders: 1, tickets: 2, snacks: 1 });
      expect(report.cashMovements.map((m) => m.kind)).toEqual(['float', 'sale']);

      const again2 = await boxCall(t, till.token, '/shifts/close', {
        shiftId: shift.shiftId,
        countedCash: 1,
      });
      expect(again2.body.code).toBe(ConsoleErrorCode.SHIFT_CLOSED);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('staff_id', '=', till.id)
        .where('action', '!=', 'staff.login')
        .orderBy('id')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual([
        'shift.open',
        'counter.sale',
        'counter.reprint',
        'shift.close',
      ]);
    });

    it('takes no money without an open shift, and keeps one open shift per cashier in SQL', async () => {
      const till = await cashier();
      const held = await holdAtCounter(t, till.token, await showOfFirstCinema(), ['D5']);
      const paid = await payCash(t, till.token, held.body.data.orderId, 1000);
      expect(paid.body.code).toBe(ConsoleErrorCode.SHIFT_NOT_OPEN);
      expect(paid.status).toBe(409);
      // Two opens at once: one shift.
      const both = await Promise.all([
        boxCall(t, till.token, '/shifts/open', { float: 100 }),
        boxCall(t, till.token, '/shifts/open', { float: 200 }),
      ]);
      expect(both.map((answer) => answer.body.code).sort()).toEqual([
        0,
        ConsoleErrorCode.SHIFT_ALREADY_OPEN,
      ]);
      const open = await t.db
        .selectFrom('shifts')
        .select('id')
        .where('staff_id', '=', till.id)
        .where('status', '=', 'open')
        .execute();
      expect(open).toHaveLength(1);
    });

    it('lets a second counter hold of the same show replace the cashier’s first', async () => {
      const till = await cashier();
      const showId = await showOfFirstCinema();
      const first = await holdAtCounter(t, till.token, showId, ['E5']);
      const second = await holdAtCounter(t, till.token, showId, ['E7']);
      expect(second.body.code).toBe(0);
      const map = await seatMap(t, showId);
      expect(stateOf(map, 'E5')).toBe('available');
      const gone = await boxCall<CounterSale>(
        t,
        till.token,
        `/sale?orderId=${first.body.data.orderId}`,
      );
      expect(gone.body.data.status).toBe('cancelled');
    });
  });

  describe('a member’s card at the counter', () => {
    it('finds the card by number or phone and pays with the password typed on the keypad', async () => {
      const till = await cashier();
      await openShift(t, till.token, 0);
      const member = await newUser(t);
      await setTestPayPassword(t, member.token, PAY_PASSWORD);
      const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      await t.db.updateTable('users').set({ phone }).where('id', '=', member.userId).execute();
      const card = await openTestCard(t, member, { types: ['general'], balanceFen: 100_000 });

      const byNo = await boxCall<{ list: CounterCard[] }>(t, till.token, '/cards/find', {
        q: card.cardNo,
      });
      expect(byNo.body.data.list.map((c) => c.cardId)).toEqual([card.id]);
      const byPhone = await boxCall<{ list: CounterCard[] }>(t, till.token, '/cards/find', {
        q: phone,
      });
      expect(byPhone.body.data.list[0]).toMatchObject({
        cardId: card.id,
        balance: 1000,
        phoneMasked: `${phone.slice(0, 3)}****${phone.slice(7)}`,
        hasPayPassword: true,
      });

      const held = await holdAtCounter(t, till.token, await showOfFirstCinema(), ['F5', 'F6']);
      const orderId = held.body.data.orderId;
      const pay = async (password: string, key = newKey()) =>
        boxCall<CounterPayAnswer>(
          t,
          till.token,
          '/sale/pay',
          {
            method: 'card',
            orderId,
            cardId: card.id,
            password: await encryptPassword(t, password),
          },
          { 'idempotency-key': key },
        );
      const wrong = await pay('111111');
      expect(wrong.body.code).toBe(ErrorCode.PAY_PASSWORD_WRONG);
      expect(await balanceOf(t, card.id)).toBe(100_000);

      const paid = await pay(PAY_PASSWORD);
      expect(paid.body.code).toBe(0);
      expect(paid.body.data.sale.payments).toEqual([
        { method: 'card', amount: held.body.data.amount },
      ]);
      expect(await balanceOf(t, card.id)).toBe(100_000 - Math.round(held.body.data.amount * 100));
      // The member finds the tickets in the app.
      const mine = await call<FilmOrder>(t.app, {
        url: `/api/filmOrder/detail?orderId=${orderId}`,
        token: member.token,
      });
      expect(mine.body.data.status).toBe('ticketed');
    });
  });

  describe('refunds at the counter', () => {
    it('gives cash back out of the shift within the cashier’s limit, and needs a manager above it', async () => {
      const till = await cashier();
      const shift = await openShift(t, till.token, 300);
      const showId = await showOfFirstCinema();
      const small = await holdAtCounter(t, till.token, showId, ['B3']);
      await payCash(t, till.token, small.body.data.orderId, 500);
      const refunded = await boxCall(t, till.token, '/refund', {
        orderId: small.body.data.orderId,
        reason: '顾客临时有事',
      });
      expect(refunded.body.code).toBe(0);
      expect(refunded.body.data).toMatchObject({
        status: 'refunded',
        amount: small.body.data.amount,
        cashBack: small.body.data.amount,
        toOriginal: 0,
      });
      expect(stateOf(await seatMap(t, showId), 'B3')).toBe('available');

      // Over ¥200: seats and a dear combo.
      const combo = await newGoods(t, { variants: [{ priceFen: 25_000, stock: 3 }] });
      const big = await holdAtCounter(t, till.token, showId, ['B6']);
      await boxCall(t, till.token, '/sale/goods', {
        orderId: big.body.data.orderId,
        items: [{ goodsInfoId: combo.variants[0]!.id, quantity: 1 }],
      });
      const bigPaid = await payCash(t, till.token, big.body.data.orderId, 1000);
      expect(bigPaid.body.code).toBe(0);
      const refused = await boxCall(t, till.token, '/refund', {
        orderId: big.body.data.orderId,
        reason: '套餐做错了',
      });
      expect(refused.body.code).toBe(ConsoleErrorCode.COUNTER_REFUND_OVER_LIMIT);
      expect(refused.status).toBe(403);
      const stillPaid = await boxCall<CounterSale>(
        t,
        till.token,
        `/sale?orderId=${big.body.data.orderId}`,
      );
      expect(stillPaid.body.data.status).toBe('ticketed');

      // A manager of the cinema refunds it, the cash out of the manager's own shift.
      const manager = await newStaff(t, site.siteId, {
        role: 'manager',
        cinemaIds: [site.firstCinemaId],
      });
      const noShift = await boxCall(t, manager.token, '/refund', {
        orderId: big.body.data.orderId,
        reason: '套餐做错了',
      });
      expect(noShift.body.code).toBe(ConsoleErrorCode.SHIFT_NOT_OPEN);
      await openShift(t, manager.token, 1000);
      const done = await boxCall(t, manager.token, '/refund', {
        orderId: big.body.data.orderId,
        reason: '套餐做错了',
      });
      expect(done.body.code).toBe(0);
      expect(await stockOf(t, combo.variants[0]!.id)).toBe(3);

      const report = await boxCall<ShiftReport>(
        t,
        till.token,
        `/shifts/report?shiftId=${shift.shiftId}`,
      );
      const cash = report.body.data.byMethod.find((m) => m.method === 'cash')!;
      expect(cash).toMatchObject({ salesCount: 2, refundsCount: 1 });
      expect(report.body.data.shift.expectedCash).toBeCloseTo(
        300 + bigPaid.body.data.sale.amount,
        2,
      );
      const actions = await t.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('action', '=', 'order.refund')
        .where('entity_id', 'in', [small.body.data.orderId, big.body.data.orderId])
        .orderBy('id')
        .execute();
      expect(actions.map((entry) => entry.actor)).toEqual([till.username, manager.username]);
    });
  });

  describe('the day’s close', () => {
    it('waits for every shift, freezes the day’s totals, and takes no new shift that day', async () => {
      const till = await newStaff(t, site.siteId, { cinemaIds: [site.otherCinemaId] });
      const manager = await newStaff(t, site.siteId, {
        role: 'manager',
        cinemaIds: [site.otherCinemaId],
      });
      const shift = await openShift(t, till.token, 200);
      const businessDate = shift.businessDate;
      const showId = await (async () => {
        for (;;) {
          const id = await freshShow('2号厅').catch(() => freshShow('1号厅'));
          const show = await t.db
            .selectFrom('shows')
            .select('cinema_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (show.cinema_id === site.otherCinemaId) return id;
        }
      })();
      const map = await seatMap(t, showId);
      const held = await boxCall<CounterSale>(t, till.token, '/sale/hold', {
        showId,
        seatIds: seatIds(map, [map.rows[2]!.seats[3]!.label]),
      });
      expect(held.body.code).toBe(0);
      const paid = await payCash(t, till.token, held.body.data.orderId, 500);
      expect(paid.body.code).toBe(0);

      const byCashier = await boxCall(t, till.token, '/day-close', {
        cinemaId: site.otherCinemaId,
        businessDate,
      });
      expect(byCashier.body.code).toBe(ConsoleErrorCode.STAFF_FORBIDDEN);
      const early = await boxCall(t, manager.token, '/day-close', {
        cinemaId: site.otherCinemaId,
        businessDate,
      });
      expect(early.body.code).toBe(ConsoleErrorCode.DAY_HAS_OPEN_SHIFTS);

      const amount = paid.body.data.sale.amount;
      await boxCall(t, till.token, '/shifts/close', {
        shiftId: shift.shiftId,
        countedCash: 200 + amount,
      });
      const closed = await boxCall(t, manager.token, '/day-close', {
        cinemaId: site.otherCinemaId,
        businessDate,
      });
      expect(closed.body.code).toBe(0);
      const view = closed.body.data as {
        isClosed: boolean;
        totals: {
          byChannel: { channel: string; orders: number; sales: number }[];
          refunds: number;
          cashDifference: number;
          tickets: number;
        };
      };
      expect(view.isClosed).toBe(true);
      expect(view.totals.byChannel.find((c) => c.channel === 'counter')).toMatchObject({
        orders: 1,
        sales: amount,
      });
      expect(view.totals).toMatchObject({ refunds: 0, cashDifference: 0, tickets: 1 });

      const twice = await boxCall(t, manager.token, '/day-close', {
        cinemaId: site.otherCinemaId,
        businessDate,
      });
      expect(twice.body.code).toBe(ConsoleErrorCode.DAY_CLOSED);
      const reopen = await boxCall(t, till.token, '/shifts/open', { float: 100 });
      expect(reopen.body.code).toBe(ConsoleErrorCode.DAY_CLOSED);

      // A refund after the close belongs to the day it happens: the closed day does not change.
      const day = 24 * 3600;
      t.clock.advance(day);
      try {
        const nextToken = await signInAgain(t, manager.username);
        const nextShift = await openShift(t, nextToken, 100);
        expect(nextShift.businessDate).not.toBe(businessDate);
        const later = await boxCall(t, nextToken, '/refund', {
          orderId: held.body.data.orderId,
          reason: '影片延误',
        });
        expect(later.body.code).toBe(0);
        const after = await boxCall(
          t,
          nextToken,
          `/day-close?cinemaId=${site.otherCinemaId}&businessDate=${businessDate}`,
        );
        expect(after.body.data).toMatchObject({ isClosed: true, totals: view.totals });
        const nextDay = await boxCall<{ totals: { refunds: number; refundsCount: number } }>(
          t,
          nextToken,
          `/day-close?cinemaId=${site.otherCinemaId}&businessDate=${nextShift.businessDate}`,
        );
        expect(nextDay.body.data.totals).toMatchObject({ refunds: amount, refundsCount: 1 });
      } finally {
        t.clock.advance(-day);
      }
    });
  });
});
