import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail, PaymentStatusAnswer } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { newUser } from '../cards/cards-test-kit.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import { createSiteResolver } from '../site/index.js';
import { sweepPayments } from './payment-sweep.js';
import { buildSandboxNotification } from './providers/sandbox-pay.provider.js';
import {
  holdSeats,
  newKey,
  orderRow,
  paymentsOf,
  payWithWechat,
  prepayIdOf,
  sandboxSheet,
  seatStates,
} from './payment-test-kit.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describeOnEachDatabase('paying a film order with WeChat Pay (sandbox)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function pendingWechat() {
    const user = await newUser(t);
    const order = await holdSeats(t, user.token);
    const { body } = await payWithWechat(t, user.token, order.id);
    expect(body.code).toBe(0);
    return { user, order, pay: body.data };
  }

  async function sandboxRow(pay: { packageValue: string }) {
    return t.db
      .selectFrom('sandbox_pay_transactions')
      .selectAll()
      .where('prepay_id', '=', prepayIdOf(pay))
      .executeTakeFirstOrThrow();
  }

  async function site() {
    return t.db
      .selectFrom('sites')
      .selectAll()
      .where('code', '=', 'www-test')
      .executeTakeFirstOrThrow();
  }

  function deliver(notice: { headers: Record<string, string>; body: string }) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wxpay/notify/www-test',
      headers: notice.headers,
      payload: notice.body,
    });
  }

  const status = (token: string, paymentId: string) =>
    call<PaymentStatusAnswer>(t.app, { url: `/api/payment/status?paymentId=${paymentId}`, token });

  it('answers the signing fields, with WeChat time_expire at the seat hold end', async () => {
    const { order, pay } = await pendingWechat();
    expect(pay).toMatchObject({
      appId: 'wx-sandbox-www-test',
      signType: 'RSA',
      orderId: order.id,
      isSandbox: true,
    });
    expect(pay.packageValue).toMatch(/^prepay_id=wx_sandbox_/);
    expect(pay.nonceStr.length).toBeGreaterThanOrEqual(16);
    expect(pay.timeStamp).toMatch(/^\d{10}$/);
    expect(pay.expiresAt).toBe(order.holdExpiresAt);
    expect((await sandboxRow(pay)).expires_at.toISOString()).toBe(order.holdExpiresAt);
  });

  it('pays the order exactly once when WeChat notifies twice', async () => {
    const { user, order, pay } = await pendingWechat();
    const sheet = await sandboxSheet(t, pay, 'success', 2);
    expect(sheet.body.data.deliveries).toEqual([200, 200]);
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('ticketed');
    expect(row.pickup_code).toMatch(/^\d{10}$/);
    expect(await seatStates(t, order.id)).toEqual(['sold', 'sold']);
    const events = await t.db
      .selectFrom('order_events')
      .select('to_status')
      .where('order_id', '=', order.id)
      .execute();
    expect(events.filter((e) => e.to_status === 'paid')).toHaveLength(1);
    const { body } = await status(user.token, pay.paymentId);
    expect(body.data).toMatchObject({
      status: 'succeeded',
      orderStatus: 'ticketed',
      isSettled: true,
    });
  });

  it('answers success to a replayed notice and changes nothing', async () => {
    const { order, pay } = await pendingWechat();
    await sandboxSheet(t, pay, 'success', 1);
    const before = await orderRow(t, order.id);
    const replay = await deliver(
      buildSandboxNotification(await site(), await sandboxRow(pay), t.clock.now()),
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    expect(await orderRow(t, order.id)).toEqual(before);
    expect(
      await t.db
        .selectFrom('payment_notifications')
        .select('transaction_id')
        .where('out_trade_no', '=', pay.outTradeNo)
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses a tampered notice and changes nothing', async () => {
    const { order, pay } = await pendingWechat();
    await t.db
      .updateTable('sandbox_pay_transactions')
      .set({ state: 'SUCCESS', transaction_id: `42${Date.now()}`, success_at: t.clock.now() })
      .where('prepay_id', '=', prepayIdOf(pay))
      .execute();
    const notice = buildSandboxNotification(await site(), await sandboxRow(pay), t.clock.now());
    const tampered = {
      ...notice,
      body: notice.body.replace('"summary":"支付成功"', '"summary":"支付成功!"'),
    };
    const response = await deliver(tampered);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'FAIL' });
    const unsigned = await deliver({
      headers: { 'content-type': 'application/json' },
      body: notice.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect((await paymentsOf(t, order.id))[0]!.status).toBe('pending');
  });

  it('refuses a notice whose amount differs from the payment', async () => {
    const { order, pay } = await pendingWechat();
    await t.db
      .updateTable('sandbox_pay_transactions')
      .set({ state: 'SUCCESS', transaction_id: `43${Date.now()}`, success_at: t.clock.now() })
      .where('prepay_id', '=', prepayIdOf(pay))
      .execute();
    const notice = buildSandboxNotification(await site(), await sandboxRow(pay), t.clock.now(), {
      amountFen: 1,
    });
    const response = await deliver(notice);
    expect(response.statusCode).toBe(400);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect((await paymentsOf(t, order.id))[0]!.status).toBe('pending');
  });

  it('leaves the order unpaid when WeChat fails the payment', async () => {
    const { user, order, pay } = await pendingWechat();
    const sheet = await sandboxSheet(t, pay, 'fail');
    expect(sheet.status).toBe(200);
    t.clock.advance(5);
    const { body } = await status(user.token, pay.paymentId);
    expect(body.data).toMatchObject({
      status: 'failed',
      orderStatus: 'pending_payment',
      isSettled: true,
    });
    expect(await seatStates(t, order.id)).toEqual(['held', 'held']);
  });

  it('leaves the order unpaid when the user cancels, and a new attempt can still pay it', async () => {
    const { user, order, pay } = await pendingWechat();
    const cancelled = await call<PaymentStatusAnswer>(t.app, {
      method: 'POST',
      url: '/api/payment/cancel',
      token: user.token,
      body: { paymentId: pay.paymentId },
    });
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      orderStatus: 'pending_payment',
    });
    expect((await sandboxRow(pay)).state).toBe('CLOSED');
    expect((await sandboxSheet(t, pay, 'success')).status).toBe(409);
    const again = await payWithWechat(t, user.token, order.id);
    await sandboxSheet(t, again.body.data, 'success');
    expect((await orderRow(t, order.id)).status).toBe('ticketed');
  });

  it('finds a payment whose notice was lost by asking WeChat', async () => {
    const { user, order, pay } = await pendingWechat();
    await sandboxSheet(t, pay, 'success', 0);
    expect((await status(user.token, pay.paymentId)).body.data.status).toBe('pending');
    t.clock.advance(4);
    const { body } = await status(user.token, pay.paymentId);
    expect(body.data).toMatchObject({ status: 'succeeded', orderStatus: 'ticketed' });
    expect((await orderRow(t, order.id)).status).toBe('ticketed');
  });

  it('refunds money that arrives after the hold expired and shows it on the order', async () => {
    const { user, order, pay } = await pendingWechat();
    await sandboxSheet(t, pay, 'success', 0);
    t.clock.advance(16 * 60);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect((await orderRow(t, order.id)).status).toBe('expired');
      const late = await deliver(
        buildSandboxNotification(await site(), await sandboxRow(pay), t.clock.now()),
      );
      expect(late.statusCode).toBe(200);
      const payment = (await paymentsOf(t, order.id))[0]!;
      expect(payment).toMatchObject({ status: 'refunded', is_auto_refunded: true });
      expect((await sandboxRow(pay)).state).toBe('REFUND');
      const detail = await call<OrderDetail>(t.app, {
        url: `/api/order/detail?orderId=${order.id}`,
        token: user.token,
      });
      expect(detail.body.data.status).toBe('expired');
      expect(detail.body.data.refunds).toEqual([
        expect.objectContaining({ isAutomatic: true, status: 'succeeded', amount: order.total }),
      ]);
      const replay = await deliver(
        buildSandboxNotification(await site(), await sandboxRow(pay), t.clock.now()),
      );
      expect(replay.statusCode).toBe(200);
      expect(
        await t.db
          .selectFrom('payment_refunds')
          .select('out_refund_no')
          .where('order_id', '=', order.id)
          .execute(),
      ).toHaveLength(1);
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('closes a WeChat payment still pending at its expiry', async () => {
    const { order, pay } = await pendingWechat();
    t.clock.advance(16 * 60);
    try {
      const swept = await sweepPayments(
        {
          db: t.db,
          clock: t.clock,
          sites: createSiteResolver(t.db),
          wechat: createWechatDeps(),
          publicOrigin: 'http://localhost:8080',
        },
        silent,
      );
      expect(swept.expired).toBeGreaterThanOrEqual(1);
      expect((await paymentsOf(t, order.id))[0]!.status).toBe('cancelled');
      expect((await sandboxRow(pay)).state).toBe('CLOSED');
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('replays the signing fields for the same idempotency key', async () => {
    const user = await newUser(t);
    const order = await holdSeats(t, user.token);
    const key = newKey();
    const first = await payWithWechat(t, user.token, order.id, key);
    const again = await payWithWechat(t, user.token, order.id, key);
    expect(again.body).toEqual(first.body);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });
});
