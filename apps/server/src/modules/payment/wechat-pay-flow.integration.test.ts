import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail, PaymentStatusAnswer, UserInfo } from '@marquee/contracts';
import { verifySha256Rsa } from '../../lib/wechat/wechat-crypto.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import {
  TEST_WECHAT,
  switchDemoSiteToWechat,
} from '../../test-support/fake-wechat/test-credentials.js';
import { call, createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { holdSeats, orderRow, paymentsOf, payWithWechat, prepayIdOf } from './payment-test-kit.js';

/**
 * The product against the fake WeChat exactly as against WeChat: the demo site switched to real
 * WeChat credentials (test keys), signed in through the web authorisation, paid by WeChat Pay v3
 * with a signed notification, reconciled by query, and refunded.
 */
describeOnEachDatabase('the product on a WeChat site, against the fake WeChat', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let appId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    t = await createTestApp(kind, {
      clock,
      wechat: { apiBase: fake.baseUrl, payBase: fake.baseUrl },
    });
    appId = await switchDemoSiteToWechat(t.db, fake);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  let n = 0;
  async function signInWithWechat(): Promise<string> {
    n += 1;
    const code = fake.issueCode(appId, { openid: `o-flow-${kind}-${n}`, nickname: `微信用户${n}` });
    const { body } = await call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code },
      remoteAddress: `10.9.${n}.1`,
    });
    expect(body.code).toBe(0);
    return body.data.token;
  }

  function deliver(notice: { headers: Record<string, string>; body: string }) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wxpay/notify/www-test',
      headers: notice.headers,
      payload: notice.body,
    });
  }

  it('signs in, pays through a signed notification (delivered twice), and refunds', async () => {
    const token = await signInWithWechat();
    const order = await holdSeats(t, token);
    const { body } = await payWithWechat(t, token, order.id);
    expect(body.code).toBe(0);
    const pay = body.data;
    expect(pay).toMatchObject({ appId, signType: 'RSA', isSandbox: false });
    const message = `${pay.appId}\n${pay.timeStamp}\n${pay.nonceStr}\n${pay.packageValue}\n`;
    expect(verifySha256Rsa(TEST_WECHAT.merchantPublicKey, message, pay.paySign)).toBe(true);

    const transaction = fake.pay.transactions.get(pay.outTradeNo)!;
    expect(transaction.prepay_id).toBe(prepayIdOf(pay));
    // WeChat's time_expire is the seat hold's end, in Beijing time.
    expect(new Date(transaction.time_expire).toISOString()).toBe(
      new Date(Math.floor(new Date(order.holdExpiresAt).getTime() / 1000) * 1000).toISOString(),
    );
    expect(transaction.notify_url).toMatch(/\/api\/wxpay\/notify\/www-test$/);

    fake.pay.pay(pay.outTradeNo);
    const tampered = fake.pay.notification(pay.outTradeNo);
    expect(
      (await deliver({ ...tampered, body: tampered.body.replace('支付成功', '支付失败') }))
        .statusCode,
    ).toBe(401);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');

    for (let i = 0; i < 2; i += 1) {
      const answer = await deliver(fake.pay.notification(pay.outTradeNo));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: 'SUCCESS' });
    }
    const paid = await orderRow(t, order.id);
    expect(['paid', 'ticketed']).toContain(paid.status);
    const payments = await paymentsOf(t, order.id);
    expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(payments[0]!.transaction_id).toBe(transaction.transaction_id);

    const refund = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token,
      body: { orderId: order.id },
    });
    expect(refund.body.code).toBe(0);
    const refunds = [...fake.pay.refunds.values()].filter((r) => r.out_trade_no === pay.outTradeNo);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: { refund: transaction.amount_fen } });
    expect((await orderRow(t, order.id)).status).toBe('refunded');
  });

  it('learns of a payment whose notification never came by asking WeChat', async () => {
    const token = await signInWithWechat();
    const order = await holdSeats(t, token);
    const { body } = await payWithWechat(t, token, order.id);
    fake.pay.pay(body.data.outTradeNo);
    clock.advance(30); // past the few seconds the page waits for a notification
    const status = await call<PaymentStatusAnswer>(t.app, {
      url: `/api/payment/status?paymentId=${body.data.paymentId}`,
      token,
    });
    expect(status.body.code).toBe(0);
    expect(status.body.data.status).toBe('succeeded');
  });
});
