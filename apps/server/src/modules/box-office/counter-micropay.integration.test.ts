import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CounterPayAnswer } from '@marquee/contracts/console';
import type { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { showPicker } from '../film-order/film-order-test-kit.js';
import { demoSite } from '../staff/staff-test-kit.js';
import {
  boxCall,
  cashierWithSale,
  newKey,
  paymentsOf,
  startWechatTill,
} from './box-office-test-kit.js';

/** 付款码 at the counter: the sandbox on a sandbox site, the fake WeChat (API v2) on a WeChat site. */

type Site = Awaited<ReturnType<typeof demoSite>>;

function payCode(t: TestApp, token: string, orderId: string, authCode: string, key = newKey()) {
  return boxCall<CounterPayAnswer>(
    t,
    token,
    '/sale/pay',
    { method: 'wechatMicropay', orderId, authCode },
    { 'idempotency-key': key },
  );
}

const heldSale = (t: TestApp, site: Site, pickShow: () => Promise<string>) =>
  cashierWithSale(t, site, pickShow, ['F7', 'F8']);

/** An 18-digit payment code starting with a 3-digit prefix. */
const authCode = (prefix: string) => `${prefix}${String(randomInt(2 ** 47)).padStart(15, '0')}`;

describeOnEachDatabase('付款码 at the counter on a sandbox site', (kind) => {
  let t: TestApp;
  let site: Site;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
  });
  afterAll(() => t?.close());

  it('pays with a sandbox code (134…) and refuses any other, changing nothing', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const refused = await payCode(t, till.token, sale.orderId, authCode('130'));
    expect(refused.body.code).toBe(0);
    expect(refused.body.data.status).toBe('failed');
    expect(refused.body.data.failure).toContain('134');
    expect(refused.body.data.sale.status).toBe('pending_payment');

    const key = newKey();
    const code = authCode('134');
    const paid = await payCode(t, till.token, sale.orderId, code, key);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.sale.status).toBe('ticketed');
    expect(paid.body.data.sale.ticketCode).toMatch(/^\d{10}$/);
    const replay = await payCode(t, till.token, sale.orderId, code, key);
    expect(replay.body.data).toEqual(paid.body.data);
    expect((await paymentsOf(t, sale.orderId)).map((p) => p.status)).toEqual([
      'failed',
      'succeeded',
    ]);
  });
});

describeOnEachDatabase('付款码 at the counter on a WeChat site (fake WeChat, API v2)', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let site: Site;
  const clock = new TestClock();
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    ({ t, fake } = await startWechatTill(kind, { clock, micropayPollMs: 100, micropayPolls: 5 }));
    site = await demoSite(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('pays at once, and the same key replays the answer without charging again', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const code = authCode('134');
    const key = newKey();
    const paid = await payCode(t, till.token, sale.orderId, code, key);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.sale.ticketCode).toMatch(/^\d{10}$/);
    const replay = await payCode(t, till.token, sale.orderId, code, key);
    expect(replay.body.data).toEqual(paid.body.data);
    const payments = await paymentsOf(t, sale.orderId);
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(payments[0]!.shift_id).not.toBeNull();
    expect(fake.micropay.stateOf(payments[0]!.out_trade_no)).toBe('SUCCESS');
  });

  it('waits while the customer types the password (USERPAYING), then pays', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const code = authCode('135');
    fake.micropay.script(code, { kind: 'userPaying' });
    const pending = payCode(t, till.token, sale.orderId, code);
    let outTradeNo: string | undefined;
    while (!outTradeNo || fake.micropay.stateOf(outTradeNo) !== 'USERPAYING') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      outTradeNo = (await paymentsOf(t, sale.orderId))[0]?.out_trade_no;
    }
    const waiting = await boxCall<CounterPayAnswer>(
      t,
      till.token,
      `/sale/pay-status?orderId=${sale.orderId}`,
    );
    expect(waiting.body.data.status).toBe('waiting');
    fake.micropay.confirm(outTradeNo);
    const paid = await pending;
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.sale.status).toBe('ticketed');
  });

  it('reverses a payment not confirmed in time, and the sale stays payable', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const code = authCode('136');
    fake.micropay.script(code, { kind: 'userPaying' });
    const answer = await payCode(t, till.token, sale.orderId, code);
    expect(answer.body.data.status).toBe('failed');
    expect(answer.body.data.failure).toBeTruthy();
    const [payment] = await paymentsOf(t, sale.orderId);
    expect(payment!.status).toBe('failed');
    expect(fake.micropay.stateOf(payment!.out_trade_no)).toBe('REVOKED');
    const again = await payCode(t, till.token, sale.orderId, authCode('134'));
    expect(again.body.data.status).toBe('paid');
  });

  it('answers WeChat’s refusal (NOTENOUGH) in words, and fails the payment', async () => {
    const { till, sale } = await heldSale(t, site, () => freshShow('1号厅'));
    const code = authCode('137');
    fake.micropay.script(code, { kind: 'refused', errCode: 'NOTENOUGH', errCodeDes: '余额不足' });
    const answer = await payCode(t, till.token, sale.orderId, code);
    expect(answer.body.data.status).toBe('failed');
    expect(answer.body.data.failure).toContain('余额不足');
    expect((await paymentsOf(t, sale.orderId)).map((p) => p.status)).toEqual(['failed']);
    expect(answer.body.data.sale.status).toBe('pending_payment');
  });
});
