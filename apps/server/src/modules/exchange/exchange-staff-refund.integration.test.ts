import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderEventReasons, type CardPayAnswer, type WechatPay } from '@marquee/contracts';
import { sql } from 'kysely';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { balanceOf, encryptPassword, newUser } from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { hold, seatMap, stateOf } from '../film-order/film-order-test-kit.js';
import { consoleCall, DEMO_PASSWORDS, staffToken } from '../staff/staff-test-kit.js';
import {
  EXCHANGE_PASSWORD,
  activeSeatsOf,
  dearerPending,
  deliverNotice,
  labelsOf,
  payDifferenceByCard,
  type PendingExchangeScene,
} from './exchange-test-kit.js';
import {
  filmParam,
  moneyOf,
  orderRow,
  paymentsOf,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from '../payment/payment-test-kit.js';

/**
 * A staff refund of the original (console refund, cancelled show) while a dearer exchange waits
 * for its difference (decision 031): the exchange order is cancelled with it in the same
 * transaction, its seats back on sale at once; money of it already on the way comes back.
 */
describeOnEachDatabase('staff refund of an order whose dearer exchange waits', (kind) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
  });
  afterAll(() => t?.close());

  const staffRefund = (p: PendingExchangeScene) =>
    consoleCall(t.app, {
      url: '/api/console/orders/refund',
      staffToken: owner,
      body: { orderId: p.order.id, reason: '顾客来电改退' },
    });

  /** How long the refund waits in each round of a race. */
  const STAGGER_MS = [0, 40, 120, 250];
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function lastEventOf(orderId: string) {
    return t.db
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'reason'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  /** The original refunded, the exchange order cancelled, every seat of both free again. */
  async function expectBothGone(p: PendingExchangeScene) {
    expect((await orderRow(t, p.order.id)).status).toBe('refunded');
    expect(await activeSeatsOf(t, p.order.id)).toEqual([]);
    expect(await activeSeatsOf(t, p.exchangeOrderId)).toEqual([]);
    const map = await seatMap(t, p.target);
    for (const label of labelsOf(p.order)) expect(stateOf(map, label)).toBe('available');
  }

  /** Every fen back: the original's card charge, and nothing of the exchange order kept. */
  async function expectAllMoneyBack(p: PendingExchangeScene, balanceBefore: number) {
    expect((await moneyOf(t, p.order.id)).collectedFen).toBe(0);
    expect((await moneyOf(t, p.exchangeOrderId)).collectedFen).toBe(0);
    expect(await balanceOf(t, p.card.id)).toBe(balanceBefore + p.amountFen);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  }

  it('cancels the waiting exchange with it: its seats on sale at once, announced, paying it refused', async () => {
    const p = await dearerPending(t, 'card');
    const balance = await balanceOf(t, p.card.id);
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(t.db);
    const heard: string[] = [];
    const stop = await t.database.listen(
      `seat_changes_${rows[0]!.name}`,
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      expect((await staffRefund(p)).body.code).toBe(0);
      // The seat pages of the new show hear the release (as of any other release).
      await expect
        .poll(() =>
          heard.map((payload) => JSON.parse(payload) as { showId: string; seats: unknown[] }),
        )
        .toContainEqual(
          expect.objectContaining({
            showId: p.target,
            seats: expect.arrayContaining([[expect.any(String), 'released']]),
          }),
        );
    } finally {
      await stop();
    }
    expect((await orderRow(t, p.exchangeOrderId)).status).toBe('cancelled');
    expect(await lastEventOf(p.exchangeOrderId)).toEqual({
      from_status: 'pending_payment',
      to_status: 'cancelled',
      reason: orderEventReasons.exchangeWithdrawn,
    });
    await expectBothGone(p);
    await expectAllMoneyBack(p, balance);
    // Someone else may take the seats now, not at the exchange's deadline.
    const other = await newUser(t);
    expect((await hold(t, other.token, p.target, labelsOf(p.order))).body.code).toBe(0);

    // Paying the difference now is refused with the reason, by card or WeChat, charging nothing.
    const byCard = await payDifferenceByCard(t, p);
    expect(byCard.body.code).toBe(42345);
    expect(byCard.body.msg).toContain('原订单已退票');
    expect((await payWithWechat(t, p.user.token, p.exchangeOrderId)).body.code).toBe(42345);
    expect(await balanceOf(t, p.card.id)).toBe(balance + p.amountFen);
  });

  it('refunds automatically a WeChat payment of the exchange that WeChat took before the refund', async () => {
    const p = await dearerPending(t, 'card');
    const balance = await balanceOf(t, p.card.id);
    const { body } = await payWithWechat(t, p.user.token, p.exchangeOrderId);
    expect(body.code).toBe(0);
    // WeChat took the money; its notice is not here yet.
    await sandboxSheet(t, body.data, 'success', 0);
    expect((await staffRefund(p)).body.code).toBe(0);
    await expectBothGone(p);
    // Closing the transaction found it paid: settled there and then, as an automatic refund.
    const [payment] = await paymentsOf(t, p.exchangeOrderId);
    expect(payment).toMatchObject({ method: 'wechat', status: 'refunded', is_auto_refunded: true });
    await expectAllMoneyBack(p, balance);
    // The notice that finally arrives changes nothing.
    expect((await deliverNotice(t, body.data)).statusCode).toBe(200);
    expect((await orderRow(t, p.exchangeOrderId)).status).toBe('cancelled');
    await expectAllMoneyBack(p, balance);
  });

  it('closes a WeChat payment of the exchange still unpaid, and gives back a card part it held', async () => {
    const p = await dearerPending(t, 'card');
    const balance = await balanceOf(t, p.card.id);
    // A combined payment: ¥4 held on the card, ¥6 by WeChat Pay, not paid yet.
    const combined = await payWithCards(t, p.user.token, {
      password: await encryptPassword(t, EXCHANGE_PASSWORD),
      param: filmParam(p.exchangeOrderId),
      cardIdList: [p.card.id],
      payDetailParam: { wechatAmount: 6 },
    });
    expect(combined.body.code).toBe(0);
    expect(await balanceOf(t, p.card.id)).toBe(balance - 400);
    expect((await staffRefund(p)).body.code).toBe(0);
    await expectBothGone(p);
    expect((await paymentsOf(t, p.exchangeOrderId)).map((row) => row.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    const wechatPay = (combined.body.data as CardPayAnswer).wechatPay as WechatPay;
    // Closed at WeChat: the sheet can no longer take the money.
    const late = await sandboxSheet(t, wechatPay, 'success', 2);
    expect(late.status).not.toBe(200);
    await expectAllMoneyBack(p, balance);
  });

  it.runIf(kind === 'postgres')(
    'a staff refund racing the difference paid by card: never both, no money lost',
    async () => {
      const outcomes: number[] = [];
      for (let round = 0; round < 4; round += 1) {
        const p = await dearerPending(t, 'card');
        const balance = await balanceOf(t, p.card.id);
        // The card payment checks the pay password first (a slow hash): the refund starts later
        // in later rounds, so that either may lock the orders first.
        const [paid, refunded] = await Promise.all([
          payDifferenceByCard(t, p),
          pause(STAGGER_MS[round]!).then(() => staffRefund(p)),
        ]);
        expect(refunded.body.code).toBe(0);
        expect([0, 42345]).toContain(paid.body.code);
        outcomes.push(paid.body.code);
        // Paid first: the exchange completed, then was refunded with the original.
        expect((await orderRow(t, p.exchangeOrderId)).status).toBe(
          paid.body.code === 0 ? 'refunded' : 'cancelled',
        );
        expect((await orderRow(t, p.order.id)).status).toBe('refunded');
        expect(await activeSeatsOf(t, p.order.id)).toEqual([]);
        expect(await activeSeatsOf(t, p.exchangeOrderId)).toEqual([]);
        await expectAllMoneyBack(p, balance);
      }
      expect(outcomes).toHaveLength(4);
    },
  );

  it.runIf(kind === 'postgres')(
    "a staff refund racing the WeChat notice of the difference: never both, WeChat's money back",
    async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        const p = await dearerPending(t, 'card');
        const balance = await balanceOf(t, p.card.id);
        const { body } = await payWithWechat(t, p.user.token, p.exchangeOrderId);
        await sandboxSheet(t, body.data, 'success', 0);
        // The notice waits in the first rounds, the refund in the last: either may lock first.
        const [notice, refunded] = await Promise.all([
          pause(STAGGER_MS[3 - round]! / 5).then(() => deliverNotice(t, body.data)),
          pause(STAGGER_MS[round]! / 5).then(() => staffRefund(p)),
        ]);
        expect(notice.statusCode).toBe(200);
        expect(refunded.body.code).toBe(0);
        const status = (await orderRow(t, p.exchangeOrderId)).status;
        // The notice first: exchanged, then refunded with the original; else cancelled with it.
        expect(['refunded', 'cancelled']).toContain(status);
        outcomes.push(status);
        expect((await orderRow(t, p.order.id)).status).toBe('refunded');
        expect(await activeSeatsOf(t, p.order.id)).toEqual([]);
        expect(await activeSeatsOf(t, p.exchangeOrderId)).toEqual([]);
        const [payment] = await paymentsOf(t, p.exchangeOrderId);
        expect(payment).toMatchObject({
          status: 'refunded',
          is_auto_refunded: status === 'cancelled',
        });
        // Replayed once settled: changes nothing.
        expect((await deliverNotice(t, body.data)).statusCode).toBe(200);
        await expectAllMoneyBack(p, balance);
      }
      expect(outcomes).toHaveLength(4);
    },
  );

  // Last: it cancels a demo show that the scenes above may use.
  it("cancels the waiting exchange when staff cancel the original's show", async () => {
    const p = await dearerPending(t, 'card');
    const balance = await balanceOf(t, p.card.id);
    const cancelled = await consoleCall(t.app, {
      url: '/api/console/shows/cancel',
      staffToken: owner,
      body: { showId: p.order.showInfo.showId, reason: '放映设备故障' },
    });
    expect(cancelled.body.code).toBe(0);
    expect((await orderRow(t, p.exchangeOrderId)).status).toBe('cancelled');
    expect((await lastEventOf(p.exchangeOrderId)).reason).toBe(orderEventReasons.exchangeWithdrawn);
    await expectBothGone(p);
    await expectAllMoneyBack(p, balance);
  });
});
