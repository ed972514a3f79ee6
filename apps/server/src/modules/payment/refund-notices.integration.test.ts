import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail, UserInfo } from '@marquee/contracts';
import type { AbnormalRefundRow } from '@marquee/contracts/console';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { switchDemoSiteToWechat } from '../../test-support/fake-wechat/test-credentials.js';
import { call, createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createSiteResolver } from '../site/index.js';
import { consoleCall, DEMO_PASSWORDS, staffToken } from '../staff/staff-test-kit.js';
import { holdSeats, orderRow, paymentsOf, payWithWechat, silentLog } from './payment-test-kit.js';
import { sweepPayments } from './payment-sweep.js';

const REFUND_PATH = '/v3/refund/domestic/refunds';

/**
 * WeChat's refund outcomes against the fake WeChat: REFUND.* notices verified and decrypted like
 * payment notices and applied once, pending refunds looked up with the refund query (never sent
 * twice), and ABNORMAL refunds listed for staff.
 */
describeOnEachDatabase('WeChat refund notices and the refund query', (kind) => {
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
  /** A ticketed order paid by WeChat, refunded by its buyer while WeChat answers PROCESSING. */
  async function processingRefund(options: { isRequestLost?: boolean } = {}) {
    n += 1;
    const code = fake.issueCode(appId, { openid: `o-refund-${kind}-${n}`, nickname: `退款${n}` });
    const login = await call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code },
      remoteAddress: `10.8.${n}.1`,
    });
    const token = login.body.data.token;
    const order = await holdSeats(t, token);
    const { body } = await payWithWechat(t, token, order.id);
    expect(body.code).toBe(0);
    fake.pay.pay(body.data.outTradeNo);
    expect((await deliver(fake.pay.notification(body.data.outTradeNo))).statusCode).toBe(200);
    fake.pay.refundStatus = 'PROCESSING';
    // A lost request: WeChat's gateway fails before WeChat Pay ever sees it.
    if (options.isRequestLost) fake.setFault({ kind: 'error', path: /^\/v3\/refund\//, times: 1 });
    try {
      const refunded = await call<OrderDetail>(t.app, {
        method: 'POST',
        url: '/api/order/refund',
        token,
        body: { orderId: order.id },
      });
      expect(refunded.body.code).toBe(0);
    } finally {
      fake.pay.refundStatus = 'SUCCESS';
    }
    const outRefundNo = `R${body.data.outTradeNo}`;
    expect((await refundRow(outRefundNo)).status).toBe('pending');
    expect((await paymentsOf(t, order.id))[0]!.status).toBe('refund_pending');
    return { orderId: order.id, outRefundNo, token };
  }

  function deliver(notice: { headers: Record<string, string>; body: string }) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wxpay/notify/www-test',
      headers: notice.headers,
      payload: notice.body,
    });
  }

  async function refundNoticesOf(orderId: string) {
    const rows = await t.db
      .selectFrom('notice_outbox')
      .select('id')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refunded')
      .execute();
    return rows.length;
  }

  function refundRow(outRefundNo: string) {
    return t.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('out_refund_no', '=', outRefundNo)
      .executeTakeFirstOrThrow();
  }

  function refundRequests(outRefundNo: string): number {
    return fake.pay.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === REFUND_PATH &&
        (r.body as { out_refund_no?: string }).out_refund_no === outRefundNo,
    ).length;
  }

  function sweep() {
    return sweepPayments(
      {
        db: t.db,
        clock,
        sites: createSiteResolver(t.db),
        wechat: createWechatDeps({ apiBase: fake.baseUrl, payBase: fake.baseUrl }),
        publicOrigin: 'http://localhost:8080',
      },
      silentLog,
    );
  }

  it('asks for the refund with the notify URL, and a REFUND.SUCCESS notice settles it once', async () => {
    const { orderId, outRefundNo } = await processingRefund();
    const request = fake.pay.requests.find(
      (r) =>
        r.path === REFUND_PATH &&
        (r.body as { out_refund_no: string }).out_refund_no === outRefundNo,
    );
    expect((request!.body as { notify_url: string }).notify_url).toMatch(
      /\/api\/wxpay\/notify\/www-test$/,
    );
    // The money has not moved yet: no refund notice (decision 021, 031).
    expect(await refundNoticesOf(orderId)).toBe(0);
    const settled = fake.pay.settleRefund(outRefundNo, 'SUCCESS');

    // Forged: the body changed after WeChat signed it.
    const notice = fake.pay.refundNotification(outRefundNo);
    const forged = await deliver({ ...notice, body: notice.body.replace('退款成功', '退款失败') });
    expect(forged.statusCode).toBe(401);
    // Signed and encrypted, but naming another amount than the refund we asked for.
    const wrongAmount = await deliver(
      fake.pay.refundNotification(outRefundNo, {
        amount: { total: settled.amount.total, refund: 1, payer_total: 1, payer_refund: 1 },
      }),
    );
    expect(wrongAmount.statusCode).toBe(400);
    expect((await refundRow(outRefundNo)).status).toBe('pending');

    for (let i = 0; i < 3; i += 1) {
      const answer = await deliver(fake.pay.refundNotification(outRefundNo));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: 'SUCCESS' });
    }
    const row = await refundRow(outRefundNo);
    expect(row).toMatchObject({
      status: 'succeeded',
      settled_by: 'notify',
      provider_refund_id: settled.refund_id,
    });
    expect((await paymentsOf(t, orderId))[0]!.status).toBe('refunded');
    expect((await orderRow(t, orderId)).status).toBe('refunded');
    // WeChat confirmed it: the refund notice is written, once however often WeChat says so.
    expect(await refundNoticesOf(orderId)).toBe(1);
    // The sweep has nothing left to ask.
    await sweep();
    expect(refundRequests(outRefundNo)).toBe(1);
  });

  it('looks a pending refund up with the refund query instead of asking for it again', async () => {
    const { orderId, outRefundNo } = await processingRefund();
    await sweep(); // still PROCESSING at WeChat: stays pending
    expect((await refundRow(outRefundNo)).status).toBe('pending');
    fake.pay.settleRefund(outRefundNo, 'SUCCESS');
    const queriesBefore = fake.count(`${REFUND_PATH}/${outRefundNo}`);
    await sweep();
    expect(fake.count(`${REFUND_PATH}/${outRefundNo}`)).toBe(queriesBefore + 1);
    expect(refundRequests(outRefundNo)).toBe(1);
    expect(await refundRow(outRefundNo)).toMatchObject({
      status: 'succeeded',
      settled_by: 'query',
    });
    expect((await paymentsOf(t, orderId))[0]!.status).toBe('refunded');
    // WeChat's notice arriving afterwards changes nothing.
    expect((await deliver(fake.pay.refundNotification(outRefundNo))).statusCode).toBe(200);
    expect((await refundRow(outRefundNo)).settled_by).toBe('query');
  });

  it('sends a refund again only when WeChat never received it', async () => {
    const { outRefundNo } = await processingRefund({ isRequestLost: true });
    expect(fake.pay.refunds.has(outRefundNo)).toBe(false);
    expect(refundRequests(outRefundNo)).toBe(0);
    await sweep(); // the query finds no such refund at WeChat, so it is asked for now
    expect(refundRequests(outRefundNo)).toBe(1);
    expect(await refundRow(outRefundNo)).toMatchObject({
      status: 'succeeded',
      settled_by: 'answer',
    });
  });

  it('settles a refund once when its notice and the sweep query arrive together', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { orderId, outRefundNo } = await processingRefund();
      fake.pay.settleRefund(outRefundNo, 'SUCCESS');
      const [answer] = await Promise.all([
        deliver(fake.pay.refundNotification(outRefundNo)),
        sweep(),
        deliver(fake.pay.refundNotification(outRefundNo)),
      ]);
      expect(answer.statusCode).toBe(200);
      expect((await refundRow(outRefundNo)).status).toBe('succeeded');
      const payments = await paymentsOf(t, orderId);
      expect(payments.map((p) => p.status)).toEqual(['refunded']);
      expect(refundRequests(outRefundNo)).toBe(1);
    }
  });

  it('keeps an ABNORMAL refund for staff: listed for managers and owners, not for cashiers', async () => {
    const { orderId, outRefundNo, token } = await processingRefund();
    fake.pay.settleRefund(outRefundNo, 'ABNORMAL');
    expect((await deliver(fake.pay.refundNotification(outRefundNo))).statusCode).toBe(200);
    expect((await deliver(fake.pay.refundNotification(outRefundNo))).statusCode).toBe(200);
    expect(await refundRow(outRefundNo)).toMatchObject({
      status: 'abnormal',
      settled_by: 'notify',
    });
    expect((await paymentsOf(t, orderId))[0]!.status).toBe('refund_pending');
    // The buyer's order page reads it as failed.
    const detail = await call<OrderDetail>(t.app, {
      url: `/api/order/detail?orderId=${orderId}`,
      token,
    });
    expect(detail.body.data.refunds.map((r) => r.status)).toEqual(['failed']);

    const owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    const list = await consoleCall<{ list: AbnormalRefundRow[]; total: number }>(t.app, {
      url: '/api/console/orders/abnormal-refunds?pageSize=50',
      staffToken: owner,
    });
    expect(list.body.code).toBe(0);
    const row = list.body.data.list.find((r) => r.outRefundNo === outRefundNo);
    expect(row).toMatchObject({ orderId, status: 'abnormal', kind: 'film' });
    expect(row!.amount).toBeGreaterThan(0);

    const cashier = await staffToken(t.app, 'cashier', DEMO_PASSWORDS.cashier);
    const refused = await consoleCall(t.app, {
      url: '/api/console/orders/abnormal-refunds',
      staffToken: cashier,
    });
    expect(refused.status).toBe(403);

    // WeChat later pays it back (the merchant re-routed it): the notice settles it.
    fake.pay.settleRefund(outRefundNo, 'SUCCESS');
    expect((await deliver(fake.pay.refundNotification(outRefundNo))).statusCode).toBe(200);
    expect((await refundRow(outRefundNo)).status).toBe('succeeded');
    expect((await paymentsOf(t, orderId))[0]!.status).toBe('refunded');
    const after = await consoleCall<{ list: AbnormalRefundRow[] }>(t.app, {
      url: '/api/console/orders/abnormal-refunds?pageSize=50',
      staffToken: owner,
    });
    expect(after.body.data.list.some((r) => r.outRefundNo === outRefundNo)).toBe(false);
  });
});
