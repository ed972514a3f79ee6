import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOrderEvent, orderQrContent } from '@marquee/contracts';
import type { CheckInView } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import { filmParam, holdSeats, payWithCards } from '../payment/payment-test-kit.js';
import { consoleCall, DEMO_PASSWORDS, demoSite, staffToken } from '../staff/staff-test-kit.js';
import { createStoreOrder, newGoods, PHONE, storeParam } from '../store/store-test-kit.js';

const PASSWORD = '258036';
const HOUR = 3600;
const DAY = 24 * HOUR * 1000;

describeOnEachDatabase('check-in of tickets and pickups', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  const tokens: Record<'owner' | 'manager' | 'cashier', string> = {
    owner: '',
    manager: '',
    cashier: '',
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    await signInStaff();
  });
  afterAll(() => t?.close());

  async function signInStaff() {
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
  }

  /**
   * Move the test clock to `at` for the rest of `run`, then back. Staff sign in again there: a
   * staff session ends after a working day.
   */
  async function at<T>(instant: Date, run: () => Promise<T>): Promise<T> {
    const seconds = (instant.getTime() - t.clock.now().getTime()) / 1000;
    t.clock.advance(seconds);
    try {
      await signInStaff();
      return await run();
    } finally {
      t.clock.advance(-seconds);
      await signInStaff();
    }
  }

  async function buyer(): Promise<TestUser & { cardId: string }> {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    return { ...user, cardId: card.id };
  }

  let showCursor = 0;
  /**
   * A show of the cinema at least a day ahead that starts and ends on one local day, or (`late`)
   * one that starts in the evening and ends after local midnight.
   */
  async function showOf(cinemaId: string, late = false) {
    const localDate = (column: string) =>
      sql.raw(`((${column} + interval '8 hours') at time zone 'UTC')::date`);
    return t.db
      .selectFrom('shows')
      .select(['id', 'start_at', 'end_at'])
      .where('cinema_id', '=', cinemaId)
      .where('start_at', '>', new Date(t.clock.now().getTime() + 26 * HOUR * 1000))
      .where(
        late
          ? sql<boolean>`${localDate('end_at')} > ${localDate('start_at')}`
          : // Before 20:00 in China (UTC+8): start, "20 minutes before" and end share a local date.
            sql<boolean>`extract(hour from start_at at time zone 'UTC') < 12`,
      )
      .orderBy('start_at')
      .offset(showCursor++)
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  /**
   * A ticketed film order of a show at the cinema: its ticket code and show. `startAt` moves the
   * show's start first (the show is read once and kept briefly in memory).
   */
  async function ticket(
    cinemaId = site.firstCinemaId,
    late = false,
    startAt?: (show: { start_at: Date; end_at: Date }) => Date,
  ) {
    const show = await showOf(cinemaId, late);
    if (startAt) {
      show.start_at = startAt(show);
      await t.db
        .updateTable('shows')
        .set({ start_at: show.start_at })
        .where('id', '=', show.id)
        .execute();
    }
    const user = await buyer();
    const order = await holdSeats(t, user.token, { showId: show.id });
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [user.cardId],
    });
    expect(paid.body.code).toBe(0);
    const row = await t.db
      .selectFrom('orders')
      .select(['pickup_code', 'order_no'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return { orderId: order.id, code: row.pickup_code!, orderNo: row.order_no, show, user };
  }

  const lookup = (token: string, code: string) =>
    consoleCall<CheckInView>(t.app, {
      url: '/api/console/checkin/lookup',
      staffToken: token,
      body: { code },
    });
  const use = (token: string, code: string) =>
    consoleCall<CheckInView>(t.app, {
      url: '/api/console/checkin/use',
      staffToken: token,
      body: { code },
    });
  const during = (show: { start_at: Date }) => new Date(show.start_at.getTime() - 20 * 60_000);

  it('shows a ticket of today at the cashier’s cinema, uses it once, then says who used it', async () => {
    const bought = await ticket();
    await at(during(bought.show), async () => {
      const seen = await lookup(tokens.cashier, bought.code);
      expect(seen.body.code).toBe(0);
      expect(seen.body.data).toMatchObject({
        orderId: bought.orderId,
        kind: 'film',
        status: 'ticketed',
        problem: null,
        cinemaId: site.firstCinemaId,
      });
      expect(seen.body.data.film?.seats).toHaveLength(2);

      const used = await use(tokens.cashier, bought.code);
      expect(used.body.code).toBe(0);
      expect(used.body.data).toMatchObject({ status: 'used', usedBy: expect.any(String) });

      const again = await use(tokens.cashier, bought.code);
      expect(again.status).toBe(422);
      expect(again.body.code).toBe(42250);
      expect(again.body.data).toMatchObject({ problem: 'alreadyUsed' });
      expect(again.body.msg).toMatch(/已于 \d\d:\d\d 由 .+ 核销/);
      expect((await lookup(tokens.cashier, bought.code)).body.data.problem).toBe('alreadyUsed');
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity_id', '=', bought.orderId)
      .execute();
    expect(audit).toEqual([{ action: 'order.checkIn', entity_id: bought.orderId }]);
  });

  it('lets exactly one of several door scanners use a code scanned at once', async () => {
    const bought = await ticket();
    await at(during(bought.show), async () => {
      const scanners = [tokens.cashier, tokens.manager, tokens.owner, tokens.cashier];
      const answers = await Promise.all(
        [...scanners, ...scanners].map((token) => use(token, bought.code)),
      );
      expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.body.code !== 0)) {
        expect(answer.body).toMatchObject({ code: 42250, data: { problem: 'alreadyUsed' } });
      }
    });
    const events = await t.db
      .selectFrom('order_events')
      .select('to_status')
      .where('order_id', '=', bought.orderId)
      .where('to_status', '=', 'used')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('reads the ticket QR and refuses another chain’s QR and a forged one', async () => {
    const bought = await ticket();
    const qr = orderQrContent('film', 'www-test', bought.orderNo, bought.code);
    await at(during(bought.show), async () => {
      expect((await lookup(tokens.cashier, qr)).body.data.orderId).toBe(bought.orderId);
      const otherChain = await lookup(tokens.cashier, qr.replace('www-test', 'other-chain'));
      expect(otherChain.body).toMatchObject({ code: 42250, data: { problem: 'otherSite' } });
      const forged = await lookup(
        tokens.cashier,
        orderQrContent('film', 'www-test', '2000010100000000', bought.code),
      );
      expect(forged.body.code).toBe(40410);
      expect((await lookup(tokens.cashier, 'hello')).body.code).toBe(40010);
      expect((await lookup(tokens.cashier, '0000000001')).body.code).toBe(40410);
    });
  });

  it('takes a late show’s ticket after midnight: the business day runs to 06:00', async () => {
    // The show starts 15 minutes before midnight: 00:05 is inside the door's admit window (which
    // closes 30 minutes after the start) and on the next calendar day.
    const midnightAfter = (at: Date) =>
      new Date(Math.ceil((at.getTime() + 8 * HOUR * 1000) / DAY) * DAY - 8 * HOUR * 1000);
    const bought = await ticket(
      site.firstCinemaId,
      true,
      (show) => new Date(midnightAfter(show.start_at).getTime() - 15 * 60_000),
    );
    const midnight = new Date(
      Math.ceil(bought.show.start_at.getTime() / DAY) * DAY - 8 * HOUR * 1000,
    );
    const afterMidnight = new Date(
      (midnight > bought.show.start_at ? midnight.getTime() : midnight.getTime() + DAY) +
        5 * 60_000,
    );
    expect(afterMidnight.getTime()).toBeLessThan(bought.show.end_at.getTime());
    await at(afterMidnight, async () => {
      const used = await use(tokens.cashier, bought.code);
      expect(used.body.code).toBe(0);
      expect(used.body.data).toMatchObject({ status: 'used', problem: null });
    });
  });

  it('refuses another day’s show, a show that is over, another cinema’s ticket and a refund', async () => {
    const bought = await ticket();
    // Today is not the show's day (it is at least a day ahead).
    const early = await use(tokens.cashier, bought.code);
    expect(early.body).toMatchObject({ code: 42250, data: { problem: 'otherDay' } });
    expect(early.body.msg).toContain('不是今天的');
    await at(new Date(bought.show.end_at.getTime() + 60_000), async () => {
      const late = await use(tokens.cashier, bought.code);
      expect(late.body).toMatchObject({ code: 42250, data: { problem: 'showEnded' } });
    });

    const elsewhere = await ticket(site.otherCinemaId);
    await at(during(elsewhere.show), async () => {
      const refused = await use(tokens.cashier, elsewhere.code);
      expect(refused.body).toMatchObject({ code: 42250, data: { problem: 'otherCinema' } });
      // The owner covers every cinema of the site.
      expect((await use(tokens.owner, elsewhere.code)).body.code).toBe(0);
    });

    const refunded = await ticket();
    const refund = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: refunded.user.token,
      body: { orderId: refunded.orderId },
    });
    expect(refund.body.code).toBe(0);
    await at(during(refunded.show), async () => {
      const refused = await use(tokens.cashier, refunded.code);
      expect(refused.body).toMatchObject({ code: 42250, data: { problem: 'refunded' } });
      expect(refused.body.msg).toContain('已退款');
    });
    const statuses = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', 'in', [bought.orderId, refunded.orderId])
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(['refunded', 'ticketed']);
    // Every step of their trails has a text of its own in Chinese (SQL's and TypeScript's alike).
    const events = await t.db
      .selectFrom('order_events')
      .select('reason')
      .where('order_id', 'in', [bought.orderId, refunded.orderId])
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(7);
    for (const { reason } of events) expect(describeOrderEvent(reason, 'zh')).not.toBe(reason);
  });

  it('hands over a store pickup at its cinema, listing what to give', async () => {
    const user = await buyer();
    const goods = await newGoods(t, { variants: [{ priceFen: 1800, stock: 5 }] });
    const created = await createStoreOrder(t, user.token, {
      cinemaId: site.firstCinemaId,
      items: [{ goodsInfoId: goods.variants[0]!.id, quantity: 2 }],
    });
    const orderId = created.body.data.orderId;
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: storeParam(orderId),
      cardIdList: [user.cardId],
      phone: PHONE,
    });
    expect(paid.body.data.orderStatus).toBe('ready');
    const { pickup_code: code } = await t.db
      .selectFrom('orders')
      .select('pickup_code')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const seen = await lookup(tokens.cashier, code!);
    expect(seen.body.data).toMatchObject({
      kind: 'store',
      problem: null,
      phoneMasked: '139****5678',
      store: { items: [{ goodsName: goods.name, quantity: 2 }] },
    });
    expect((await use(tokens.cashier, code!)).body.data.status).toBe('used');
    // Used goods can no longer be refunded by the buyer.
    const refund = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId },
    });
    expect(refund.body.code).toBe(42203);
  });

  it('refuses a moviegoer token, a call without a staff token, and an empty code', async () => {
    const bought = await ticket();
    const moviegoer = await consoleCall(t.app, {
      url: '/api/console/checkin/use',
      token: bought.user.token,
      body: { code: bought.code },
    });
    expect(moviegoer.body.code).toBe(40101);
    const nobody = await consoleCall(t.app, {
      url: '/api/console/checkin/lookup',
      body: { code: bought.code },
    });
    expect(nobody.body.code).toBe(40101);
    const empty = await use(tokens.cashier, '   ');
    expect(empty.body.code).toBe(40001);
  });
});
