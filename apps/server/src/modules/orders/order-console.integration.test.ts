import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleOrderDetail, ConsoleOrderRow } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import {
  filmParam,
  holdSeats,
  paymentsOf,
  payWithCards,
  sandboxSheet,
  seatStates,
} from '../payment/payment-test-kit.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
} from '../staff/staff-test-kit.js';

const PASSWORD = '258036';
const HOUR = 3600;
type Role = 'owner' | 'manager' | 'cashier';
type Page = { list: ConsoleOrderRow[]; total: number };

describeOnEachDatabase('orders for staff: search, detail and refund', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  const tokens: Record<Role | 'otherOwner', string> = {
    owner: '',
    manager: '',
    cashier: '',
    otherOwner: '',
  };
  let otherSiteCode = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    otherSiteCode = (await createOtherSite(t.db, t.clock, 'boss2026x')).code;
    await signInStaff();
  });
  afterAll(() => t?.close());

  async function signInStaff() {
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    tokens.otherOwner = await staffToken(t.app, 'boss', 'boss2026x', otherSiteCode);
  }

  /** Move the test clock to `at` for `run` (staff sign in again there: sessions last a shift). */
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

  let showCursor = 0;
  async function showOf(cinemaId: string) {
    return t.db
      .selectFrom('shows')
      .select(['id', 'start_at'])
      .where('cinema_id', '=', cinemaId)
      .where('start_at', '>', new Date(t.clock.now().getTime() + 26 * HOUR * 1000))
      .orderBy('start_at')
      .offset(showCursor++)
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  /** A ticketed order at the cinema paid by card, or by card and WeChat (`wechatFen`). */
  async function ticket(cinemaId = site.firstCinemaId, options: { wechatFen?: number } = {}) {
    const show = await showOf(cinemaId);
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const order = await holdSeats(t, user.token, { showId: show.id });
    const amountFen = Math.round(order.total * 100);
    const cardFen = amountFen - (options.wechatFen ?? 0);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: cardFen + 1234 });
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
      ...(options.wechatFen ? { payDetailParam: { wechatAmount: options.wechatFen / 100 } } : {}),
    });
    expect(paid.body.code).toBe(0);
    if (options.wechatFen) await sandboxSheet(t, paid.body.data.wechatPay!, 'success');
    const row = await t.db
      .selectFrom('orders')
      .select(['pickup_code', 'order_no', 'status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ticketed');
    return { orderId: order.id, code: row.pickup_code!, orderNo: row.order_no, show, user, card };
  }

  const search = (token: string, q: string) =>
    consoleCall<Page>(t.app, {
      url: `/api/console/orders/search?q=${encodeURIComponent(q)}`,
      staffToken: token,
    });
  const detail = (token: string, orderId: string, siteCode?: string) =>
    consoleCall<ConsoleOrderDetail>(t.app, {
      url: `/api/console/orders/detail?orderId=${orderId}`,
      staffToken: token,
      site: siteCode,
    });
  const refund = (token: string, orderId: string, reason: string, siteCode?: string) =>
    consoleCall<ConsoleOrderDetail>(t.app, {
      url: '/api/console/orders/refund',
      staffToken: token,
      site: siteCode,
      body: { orderId, reason },
    });
  const auditRows = (orderId: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', orderId)
      .execute();

  it('finds an order by its number, the buyer’s phone and its code, only in covered cinemas', async () => {
    const here = await ticket();
    const there = await ticket(site.otherCinemaId);
    const phone = `139${String(Date.now()).slice(-8)}`;
    await t.db
      .updateTable('orders')
      .set({ phone })
      .where('id', 'in', [here.orderId, there.orderId])
      .execute();

    for (const q of [here.orderNo, here.code, `${here.code.slice(0, 5)}-${here.code.slice(5)}`]) {
      const found = await search(tokens.cashier, q);
      expect(found.body.code).toBe(0);
      expect(found.body.data.list.map((row) => row.orderId)).toEqual([here.orderId]);
    }
    const [row] = (await search(tokens.cashier, here.code)).body.data.list;
    expect(row).toMatchObject({
      status: 'ticketed',
      code: here.code,
      phoneMasked: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
    expect(row!.title.length).toBeGreaterThan(0);

    // The phone finds both for the owner, only the own cinema's for the manager and cashier.
    const byOwner = await search(tokens.owner, phone);
    expect(byOwner.body.data.list.map((r) => r.orderId).sort()).toEqual(
      [here.orderId, there.orderId].sort(),
    );
    for (const role of ['manager', 'cashier'] as const) {
      const mine = await search(tokens[role], phone);
      expect(mine.body.data.list.map((r) => r.orderId)).toEqual([here.orderId]);
      expect((await search(tokens[role], there.code)).body.data.total).toBe(0);
    }
    // Another chain's owner finds nothing of this site.
    const elsewhere = await consoleCall<Page>(t.app, {
      url: `/api/console/orders/search?q=${here.code}`,
      staffToken: tokens.otherOwner,
      site: otherSiteCode,
    });
    expect(elsewhere.body.data.total).toBe(0);
    const empty = await consoleCall(t.app, {
      url: '/api/console/orders/search',
      staffToken: tokens.owner,
    });
    expect(empty.body.code).toBe(40001);
  });

  it('shows an order to each role of its cinema, refuses other cinemas and other sites', async () => {
    const here = await ticket();
    const there = await ticket(site.otherCinemaId);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      const seen = await detail(tokens[role], here.orderId);
      expect(seen.body.code).toBe(0);
      expect(seen.body.data).toMatchObject({
        orderId: here.orderId,
        status: 'ticketed',
        isRefundable: true,
        ticket: { code: here.code },
      });
      expect(seen.body.data.events.map((event) => event.to)).toEqual([
        'pending_payment',
        'paid',
        'ticketed',
      ]);
      expect(seen.body.data.payments).toHaveLength(1);
    }
    for (const role of ['manager', 'cashier'] as const) {
      const refused = await detail(tokens[role], there.orderId);
      expect(refused.body).toMatchObject({ code: 40301, data: { cinemaId: site.otherCinemaId } });
      const notMine = await refund(tokens[role], there.orderId, '顾客临时有事');
      expect(notMine.body.code).toBe(40301);
    }
    expect((await detail(tokens.owner, there.orderId)).body.code).toBe(0);
    // Another chain's owner: not an order of their site; this site's token does not work there.
    expect((await detail(tokens.otherOwner, here.orderId, otherSiteCode)).body.code).toBe(40401);
    expect(
      (await refund(tokens.otherOwner, here.orderId, '别家退款', otherSiteCode)).body.code,
    ).toBe(40401);
    expect((await detail(tokens.owner, here.orderId, otherSiteCode)).body.code).toBe(40101);
    // A cashier reads but never refunds, even at the own cinema.
    const byCashier = await refund(tokens.cashier, here.orderId, '顾客临时有事');
    expect(byCashier.body).toMatchObject({ code: 40301, data: { role: 'cashier' } });
    expect((await detail(tokens.owner, here.orderId)).body.data.status).toBe('ticketed');
    expect(await auditRows(here.orderId)).toEqual([]);
    // A moviegoer token is no staff token.
    const asUser = await call(t.app, {
      url: `/api/console/orders/detail?orderId=${here.orderId}`,
      token: here.user.token,
    });
    expect(asUser.body.code).toBe(40101);
  });

  it('lets a manager refund past the buyer’s cutoff: cards to the fen, WeChat through the sandbox, one audit row', async () => {
    const bought = await ticket(site.firstCinemaId, { wechatFen: 1500 });
    const cardBefore = await balanceOf(t, bought.card.id);
    const nearStart = new Date(bought.show.start_at.getTime() - 5 * 60_000);
    await at(nearStart, async () => {
      const byBuyer = await call(t.app, {
        method: 'POST',
        url: '/api/order/refund',
        // Moviegoer sessions last a day: the buyer signs in again on the day of the show.
        token: await signIn(t.app, bought.user.openid),
        body: { orderId: bought.orderId },
      });
      expect(byBuyer.body.code).toBe(42220);

      // A reason too short or too long changes nothing.
      for (const reason of ['', ' x ', 'x'.repeat(201)]) {
        const refused = await refund(tokens.manager, bought.orderId, reason);
        expect(refused.body.code).toBe(40001);
      }
      expect((await detail(tokens.manager, bought.orderId)).body.data.status).toBe('ticketed');
      expect(await auditRows(bought.orderId)).toEqual([]);

      const done = await refund(tokens.manager, bought.orderId, '  影厅空调故障，顾客要求退票 ');
      expect(done.body.code).toBe(0);
      expect(done.body.data).toMatchObject({ status: 'refunded', isRefundable: false });
      expect(done.body.data.refunds.map((r) => [r.method, r.status]).sort()).toEqual([
        ['card', 'succeeded'],
        ['wechat', 'succeeded'],
      ]);
      expect(done.body.data.audit).toHaveLength(1);
      expect(done.body.data.events.at(-1)).toMatchObject({ from: 'ticketed', to: 'refunded' });

      const again = await refund(tokens.manager, bought.orderId, '再退一次');
      expect(again.body.code).toBe(42203);
    });
    const amountFen = Math.round(
      (
        await t.db
          .selectFrom('orders')
          .select('amount_fen')
          .where('id', '=', bought.orderId)
          .executeTakeFirstOrThrow()
      ).amount_fen,
    );
    expect(await balanceOf(t, bought.card.id)).toBe(cardBefore + amountFen - 1500);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    expect((await paymentsOf(t, bought.orderId)).map((p) => [p.method, p.status])).toEqual([
      ['card', 'refunded'],
      ['wechat', 'refunded'],
    ]);
    const rows = await auditRows(bought.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'order.refund',
      actor: 'manager',
      before: { status: 'ticketed' },
      after: {
        status: 'refunded',
        reason: '影厅空调故障，顾客要求退票',
        cardFen: amountFen - 1500,
        wechatFen: 1500,
      },
    });
    expect(await seatStates(t, bought.orderId)).toEqual(['released', 'released']);
  });
});
