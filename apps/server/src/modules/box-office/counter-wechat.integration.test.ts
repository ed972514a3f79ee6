import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@marquee/contracts';
import type { CounterPayAnswer } from '@marquee/contracts/console';
import type { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { showPicker } from '../film-order/film-order-test-kit.js';
import { demoSite } from '../staff/staff-test-kit.js';
import { boxCall, cashierWithSale, newKey, startWechatTill } from './box-office-test-kit.js';

/** Native QR at the counter: the sandbox on a sandbox site, the fake WeChat on a WeChat site. */

type Site = Awaited<ReturnType<typeof demoSite>>;

function payNative(t: TestApp, token: string, orderId: string, key: string) {
  return boxCall<CounterPayAnswer>(
    t,
    token,
    '/sale/pay',
    { method: 'wechatNative', orderId },
    { 'idempotency-key': key },
  );
}

function payStatus(t: TestApp, token: string, orderId: string) {
  return boxCall<CounterPayAnswer>(t, token, `/sale/pay-status?orderId=${orderId}`);
}

/** A cashier of the first cinema with an open shift, and a held counter sale of two seats. */
const heldSale = (t: TestApp, site: Site, pickShow: () => Promise<string>) =>
  cashierWithSale(t, site, pickShow, ['D3', 'D4']);

function wechatPayments(t: TestApp, orderId: string) {
  return t.db
    .selectFrom('payments')
    .select(['status', 'method', 'out_trade_no', 'shift_id', 'amount_fen'])
    .where('order_id', '=', orderId)
    .where('method', '=', 'wechat')
    .execute();
}

describeOnEachDatabase('WeChat Native at the counter on a sandbox site', (kind) => {
  let t: TestApp;
  let site: Site;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
  });
  afterAll(() => t?.close());

  it('shows a sandbox QR whose page pays; the notice tickets the sale once', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const key = newKey();
    const opened = await payNative(t, till.token, sale.orderId, key);
    expect(opened.body.code).toBe(0);
    expect(opened.body.data).toMatchObject({ status: 'waiting', failure: null });
    const codeUrl = opened.body.data.codeUrl!;
    expect(codeUrl).toMatch(/\/sandbox\/pay\/wx_sandbox_[0-9a-f]+$/);
    // The same key again answers the same QR; no second payment.
    const replay = await payNative(t, till.token, sale.orderId, key);
    expect(replay.body.data).toEqual(opened.body.data);
    const pending = await wechatPayments(t, sale.orderId);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending', amount_fen: sale.amount * 100 });
    expect(pending[0]!.shift_id).not.toBeNull();

    const waiting = await payStatus(t, till.token, sale.orderId);
    expect(waiting.body.data).toMatchObject({ status: 'waiting', codeUrl });

    const path = new URL(codeUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`¥${sale.amount.toFixed(2)}`);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `${path}/confirm`,
      payload: { result: 'success', deliveries: 2 },
    });
    expect(confirm.json()).toMatchObject({ code: 0, data: { deliveries: [200, 200] } });

    const paid = await payStatus(t, till.token, sale.orderId);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.sale.status).toBe('ticketed');
    expect(paid.body.data.sale.ticketCode).toMatch(/^\d{10}$/);
    expect(paid.body.data.codeUrl).toBeNull();
    expect((await wechatPayments(t, sale.orderId)).map((row) => row.status)).toEqual(['succeeded']);
    // A new attempt on the paid sale is refused and changes nothing.
    const again = await payNative(t, till.token, sale.orderId, newKey());
    expect(again.body.code).toBe(ErrorCode.ORDER_STATE_INVALID);
    expect(await wechatPayments(t, sale.orderId)).toHaveLength(1);
  });

  it('answers failed when the customer’s payment fails, and cash can then take the sale', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const opened = await payNative(t, till.token, sale.orderId, newKey());
    const path = new URL(opened.body.data.codeUrl!).pathname;
    await t.app.inject({ method: 'POST', url: `${path}/confirm`, payload: { result: 'fail' } });
    t.clock.advance(5);
    const failed = await payStatus(t, till.token, sale.orderId);
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.failure).toBeTruthy();
    const cash = await boxCall<CounterPayAnswer>(
      t,
      till.token,
      '/sale/pay',
      { method: 'cash', orderId: sale.orderId, tendered: sale.amount },
      { 'idempotency-key': newKey() },
    );
    expect(cash.body.data.status).toBe('paid');
  });

  it('refuses pay-status for a sale with no WeChat payment', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const answer = await payStatus(t, till.token, sale.orderId);
    expect(answer.body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describeOnEachDatabase('WeChat Native at the counter on a WeChat site (fake WeChat)', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let site: Site;
  const clock = new TestClock();
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    ({ t, fake } = await startWechatTill(kind, { clock }));
    site = await demoSite(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function deliver(outTradeNo: string) {
    const transaction = fake.pay.transactions.get(outTradeNo)!;
    const notice = fake.pay.notification(outTradeNo);
    return t.app.inject({
      method: 'POST',
      url: new URL(transaction.notify_url).pathname,
      headers: notice.headers,
      payload: notice.body,
    });
  }

  it('opens /v3/pay/transactions/native, and the signed notice (delivered twice) tickets once', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const opened = await payNative(t, till.token, sale.orderId, newKey());
    expect(opened.body.code).toBe(0);
    expect(opened.body.data.status).toBe('waiting');
    expect(opened.body.data.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const [payment] = await wechatPayments(t, sale.orderId);
    const request = fake.pay.requests.find((r) => r.path === '/v3/pay/transactions/native')!;
    expect(request.body).toMatchObject({
      out_trade_no: payment!.out_trade_no,
      amount: { total: payment!.amount_fen, currency: 'CNY' },
    });
    expect(request.body).not.toHaveProperty('payer');

    fake.pay.pay(payment!.out_trade_no);
    expect((await deliver(payment!.out_trade_no)).statusCode).toBeLessThan(300);
    expect((await deliver(payment!.out_trade_no)).statusCode).toBeLessThan(300);
    const paid = await payStatus(t, till.token, sale.orderId);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.sale.ticketCode).toMatch(/^\d{10}$/);
    const notices = await t.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', payment!.out_trade_no)
      .execute();
    expect(notices.map((row) => row.outcome)).toEqual(['paid']);
  });

  it('settles by query when no notice comes, and fails a QR WeChat closed', async () => {
    const first = await heldSale(t, site, () => freshShow('1号厅'));
    await payNative(t, first.till.token, first.sale.orderId, newKey());
    const [payment] = await wechatPayments(t, first.sale.orderId);
    fake.pay.pay(payment!.out_trade_no);
    // Too young to ask WeChat: still waiting; a few seconds later the query settles it.
    expect((await payStatus(t, first.till.token, first.sale.orderId)).body.data.status).toBe(
      'waiting',
    );
    clock.advance(5);
    const paid = await payStatus(t, first.till.token, first.sale.orderId);
    expect(paid.body.data.status).toBe('paid');

    const second = await heldSale(t, site, () => freshShow('1号厅'));
    await payNative(t, second.till.token, second.sale.orderId, newKey());
    const [other] = await wechatPayments(t, second.sale.orderId);
    fake.pay.transactions.get(other!.out_trade_no)!.state = 'CLOSED';
    clock.advance(5);
    const failed = await payStatus(t, second.till.token, second.sale.orderId);
    expect(failed.body.data.status).toBe('failed');
  });

  it('refuses with PAYMENT_PROVIDER_FAILED when WeChat refuses, leaving the sale payable', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const key = newKey();
    const original = fake.pay.handle.bind(fake.pay);
    fake.pay.handle = () => ({ status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } });
    try {
      const refused = await payNative(t, till.token, sale.orderId, key);
      expect(refused.body.code).toBe(ErrorCode.PAYMENT_PROVIDER_FAILED);
    } finally {
      fake.pay.handle = original;
    }
    expect((await wechatPayments(t, sale.orderId)).map((row) => row.status)).toEqual(['failed']);
    // The key was given back: the same key opens a QR now.
    const opened = await payNative(t, till.token, sale.orderId, key);
    expect(opened.body.data.status).toBe('waiting');
  });
});
