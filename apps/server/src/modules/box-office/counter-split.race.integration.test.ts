import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Envelope } from '@marquee/contracts';
import type { CounterPayAnswer, CounterSale } from '@marquee/contracts/console';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import type { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import {
  balanceOf,
  encryptPassword,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { showPicker } from '../film-order/film-order-test-kit.js';
import { silentLog } from '../payment/payment-test-kit.js';
import { sweepPayments } from '../payment/index.js';
import { createSiteResolver } from '../site/index.js';
import { demoSite } from '../staff/staff-test-kit.js';
import {
  heldSaleAt,
  newKey,
  newStaff,
  openShift,
  paymentsOf,
  startWechatTill,
  wechatMember,
} from './box-office-test-kit.js';

/**
 * A split sale (a member's card part and WeChat or cash for the rest) against the cashier
 * cancelling it, and against the payment sweep, at the same moment, over real HTTP with 20
 * database connections: the card is charged exactly when the sale is paid, WeChat's money is kept
 * only then (else refunded once), and the drawer counts cash only for a paid sale. (PGlite runs
 * one statement at a time, so the race is only real on the server.)
 */
const ROUNDS = 4;
const PAY_PASSWORD = '258036';
const CARD_FEN = 1_000;
const BALANCE_FEN = 100_000;

describeOnPostgres('a split sale racing the cancel and the sweep', () => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let baseUrl: string;
  const clock = new TestClock();
  const freshShow = showPicker(() => t);
  let appId: string;

  beforeAll(async () => {
    ({ t, fake, appId } = await startWechatTill('postgres', {
      clock,
      poolSize: 20,
      rateLimitPerMinute: 100_000,
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function setUp() {
    const site = await demoSite(t.db);
    const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    await openShift(t, till.token, 100);
    const member = await wechatMember(t, fake, appId);
    await setTestPayPassword(t, member.token, PAY_PASSWORD);
    const card = await openTestCard(t, member, { types: ['general'], balanceFen: BALANCE_FEN });
    const sale = (labels: string[]) =>
      heldSaleAt(t, till.token, site.firstCinemaId, () => freshShow('1号厅'), labels);
    const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/api/console/box-office${path}`, {
        method: 'POST',
        headers: {
          'x-staff-token': till.token,
          site: DEMO_SITE_CODE,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<Envelope<T>>);
    const cardPart = async () => ({
      cardId: card.id,
      password: await encryptPassword(t, PAY_PASSWORD),
      amount: CARD_FEN / 100,
    });
    return { till, card, sale, post, cardPart };
  }

  const orderStatus = async (orderId: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;

  const notify = (outTradeNo: string) => {
    const transaction = fake.pay.transactions.get(outTradeNo)!;
    const notice = fake.pay.notification(outTradeNo);
    return fetch(`${baseUrl}${new URL(transaction.notify_url).pathname}`, {
      method: 'POST',
      headers: notice.headers,
      body: notice.body,
    }).then((response) => response.status);
  };

  /** WeChat money of the sale kept (succeeded, not refunded automatically). */
  const keptWechat = async (orderId: string) =>
    (
      await t.db
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', orderId)
        .where('method', '=', 'wechat')
        .where('status', '=', 'succeeded')
        .where('is_auto_refunded', '=', false)
        .execute()
    ).length;

  const drawerRows = (orderId: string) =>
    t.db
      .selectFrom('shift_cash_movements')
      .select('amount_fen')
      .where('order_id', '=', orderId)
      .execute();

  it('card + Native paid at WeChat: the notice and the cancel at once end one way only', async () => {
    const { card, sale, post, cardPart } = await setUp();
    let charged = 0;
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { orderId } = await sale(['C5', 'C6']);
      const opened = await post<CounterPayAnswer>(
        '/sale/pay',
        { method: 'wechatNative', orderId, cardPart: await cardPart() },
        { 'idempotency-key': newKey() },
      );
      expect(opened.code, opened.msg).toBe(0);
      const wechat = (await paymentsOf(t, orderId)).find((row) => row.method === 'wechat')!;
      fake.pay.pay(wechat.out_trade_no);
      const [noticeStatus, cancel] = await Promise.all([
        notify(wechat.out_trade_no),
        post<CounterSale>('/sale/cancel', { orderId }),
      ]);
      expect(noticeStatus).toBeLessThan(300);
      const status = await orderStatus(orderId);
      outcomes.add(status);
      const rows = await paymentsOf(t, orderId);
      if (status === 'ticketed') {
        // Paid first: the cancel is refused, the card part charged, WeChat's money kept.
        expect(cancel.code).not.toBe(0);
        charged += CARD_FEN;
        expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
        expect(await keptWechat(orderId)).toBe(1);
      } else {
        // Cancelled first: the card is whole again, WeChat's money goes back by itself, once.
        expect(status).toBe('cancelled');
        expect(cancel.code).toBe(0);
        expect(await keptWechat(orderId)).toBe(0);
        const refunds = await t.db
          .selectFrom('payment_refunds')
          .select('out_refund_no')
          .where('payment_id', '=', rows.find((row) => row.method === 'wechat')!.id)
          .execute();
        expect(refunds).toHaveLength(1);
      }
      expect(await balanceOf(t, card.id)).toBe(BALANCE_FEN - charged);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('card + cash against the cancel at once: paid with both parts, or cancelled with neither', async () => {
    const { card, sale, post, cardPart } = await setUp();
    let charged = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const held = await sale(['C7', 'C8']);
      const [paid, cancel] = await Promise.all([
        post<CounterPayAnswer>(
          '/sale/pay',
          { method: 'cash', orderId: held.orderId, tendered: 1_000, cardPart: await cardPart() },
          { 'idempotency-key': newKey() },
        ),
        post<CounterSale>('/sale/cancel', { orderId: held.orderId }),
      ]);
      const status = await orderStatus(held.orderId);
      const drawer = await drawerRows(held.orderId);
      if (status === 'ticketed') {
        expect(paid.code).toBe(0);
        expect(cancel.code).not.toBe(0);
        charged += CARD_FEN;
        expect(drawer.map((row) => row.amount_fen)).toEqual([
          Math.round(held.amount * 100) - CARD_FEN,
        ]);
      } else {
        expect(status).toBe('cancelled');
        expect(paid.code).not.toBe(0);
        expect(drawer).toEqual([]);
        expect(await paymentsOf(t, held.orderId)).toEqual([]);
      }
      expect(await balanceOf(t, card.id)).toBe(BALANCE_FEN - charged);
    }
  });

  it('card + Native paid just before the hold ended: the late notice and the sweep pay it once', async () => {
    const { card, sale, post, cardPart } = await setUp();
    const deps = {
      db: t.db,
      clock,
      sites: createSiteResolver(t.db),
      wechat: createWechatDeps({ apiBase: fake.baseUrl, payBase: fake.baseUrl }),
      publicOrigin: 'http://localhost:8080',
    };
    let charged = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { orderId } = await sale(['B5', 'B6']);
      const opened = await post<CounterPayAnswer>(
        '/sale/pay',
        { method: 'wechatNative', orderId, cardPart: await cardPart() },
        { 'idempotency-key': newKey() },
      );
      expect(opened.code, opened.msg).toBe(0);
      const wechat = (await paymentsOf(t, orderId)).find((row) => row.method === 'wechat')!;
      // The customer pays in the hold's last seconds (5 minutes); the notice comes after its end,
      // when the sweep is giving the payment up.
      clock.advance(4 * 60 + 50);
      fake.pay.pay(wechat.out_trade_no);
      clock.advance(20);
      await Promise.all([notify(wechat.out_trade_no), sweepPayments(deps, silentLog)]);
      expect(await orderStatus(orderId)).toBe('ticketed');
      charged += CARD_FEN;
      expect(await balanceOf(t, card.id)).toBe(BALANCE_FEN - charged);
      expect(await keptWechat(orderId)).toBe(1);
      expect((await paymentsOf(t, orderId)).map((row) => row.status)).toEqual([
        'succeeded',
        'succeeded',
      ]);
      const paidEvents = await t.db
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'paid')
        .execute();
      expect(paidEvents).toHaveLength(1);
    }
  });
});
