import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { PaymentStatusAnswer, UserInfo } from '@marquee/contracts';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { switchDemoSiteToWechat } from '../../test-support/fake-wechat/test-credentials.js';
import { call, createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createSiteResolver } from '../site/index.js';
import {
  holdSeats,
  newKey,
  orderRow,
  paymentsOf,
  payWithWechat,
  seatStates,
  silentLog,
} from './payment-test-kit.js';
import { sweepPayments } from './payment-sweep.js';

/** How long the app waits for WeChat here (production: 10 s). */
const TIMEOUT_MS = 800;
const JSAPI = /^\/v3\/pay\/transactions\/jsapi$/;
const QUERY = /^\/v3\/pay\/transactions\/out-trade-no\/[^/]+$/;

/**
 * The fake WeChat made slow, failing with 5xx, or never answering: sign-in (the OAuth code
 * exchange) and payments (opening a WeChat payment, asking for its state) answer their documented
 * errors in time, and nothing is lost: no row of a failed sign-in, no order stuck, no money taken
 * without the order or a refund.
 */
describeOnEachDatabase('WeChat slow, failing or silent', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let appId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    t = await createTestApp(kind, {
      clock,
      wechat: { apiBase: fake.baseUrl, payBase: fake.baseUrl, timeoutMs: TIMEOUT_MS },
    });
    appId = await switchDemoSiteToWechat(t.db, fake);
  });
  afterEach(() => fake.setFault(null));
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  let n = 0;
  function issueCode() {
    n += 1;
    const openid = `o-fault-${kind}-${n}`;
    return { openid, code: fake.issueCode(appId, { openid, nickname: `故障${n}` }) };
  }

  function login(code: string) {
    return call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code },
      remoteAddress: `10.7.${n}.${Math.floor(Math.random() * 250) + 1}`,
    });
  }

  async function signedIn(): Promise<string> {
    const answer = await login(issueCode().code);
    expect(answer.body.code).toBe(0);
    return answer.body.data.token;
  }

  async function usersNamed(openid: string) {
    const rows = await t.db.selectFrom('users').select('id').where('openid', '=', openid).execute();
    return rows.length;
  }

  async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = Date.now();
    const value = await run();
    return { value, ms: Date.now() - started };
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

  // Sign-in: the OAuth code exchange.

  it('answers 50202 when the code exchange fails with a 5xx, and the same code works afterwards', async () => {
    const { openid, code } = issueCode();
    fake.setFault({ kind: 'error', status: 502, path: /^\/sns\/oauth2\/access_token$/ });
    const refused = await login(code);
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe(50202);
    expect(await usersNamed(openid)).toBe(0);
    fake.setFault(null);
    // WeChat never saw the code: it is still good.
    expect((await login(code)).body.code).toBe(0);
    expect(await usersNamed(openid)).toBe(1);
  });

  it('answers 50202 in time when WeChat never answers the code exchange', async () => {
    const { openid, code } = issueCode();
    fake.setFault({ kind: 'hang', path: /^\/sns\/oauth2\/access_token$/ });
    const { value: refused, ms } = await timed(() => login(code));
    expect(refused.body.code).toBe(50202);
    expect(ms).toBeLessThan(TIMEOUT_MS * 4);
    expect(await usersNamed(openid)).toBe(0);
  });

  it('signs in through a slow WeChat that still answers within the timeout', async () => {
    const { openid, code } = issueCode();
    fake.setFault({ kind: 'slow', delayMs: TIMEOUT_MS / 4, path: /^\/sns\// });
    expect((await login(code)).body.code).toBe(0);
    expect(await usersNamed(openid)).toBe(1);
  });

  it('answers 50202 when the user info fails after the code was spent, then 40003 for that code', async () => {
    const { openid, code } = issueCode();
    fake.setFault({ kind: 'error', status: 503, path: /^\/sns\/userinfo$/ });
    expect((await login(code)).body.code).toBe(50202);
    expect(await usersNamed(openid)).toBe(0);
    fake.setFault(null);
    // WeChat spent the code on the exchange: the page must ask for a new one (sign in again).
    expect((await login(code)).body.code).toBe(40003);
  });

  // Payments: opening a WeChat payment.

  it('answers 50201 when WeChat Pay fails with a 5xx; the seats stay held and the same key pays afterwards', async () => {
    const token = await signedIn();
    const order = await holdSeats(t, token);
    const key = newKey();
    fake.setFault({ kind: 'error', status: 500, path: JSAPI });
    const refused = await payWithWechat(t, token, order.id, key);
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe(50201);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['failed']);
    expect(await seatStates(t, order.id)).not.toContain('released');

    fake.setFault(null);
    const paid = await payWithWechat(t, token, order.id, key);
    expect(paid.body.code).toBe(0);
    fake.pay.pay(paid.body.data.outTradeNo);
    await fake.pay.notification(paid.body.data.outTradeNo);
    const notice = fake.pay.notification(paid.body.data.outTradeNo);
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/wxpay/notify/www-test',
      headers: notice.headers,
      payload: notice.body,
    });
    expect(delivered.statusCode).toBe(200);
    expect(['paid', 'ticketed']).toContain((await orderRow(t, order.id)).status);
  });

  it('answers 50201 in time when WeChat Pay answers too late, and closes the late transaction', async () => {
    const token = await signedIn();
    const order = await holdSeats(t, token);
    // WeChat opens the transaction, but its answer comes after we stopped waiting.
    fake.setFault({ kind: 'slow', delayMs: TIMEOUT_MS * 2, path: JSAPI, times: 1 });
    const { value: refused, ms } = await timed(() => payWithWechat(t, token, order.id));
    expect(refused.body.code).toBe(50201);
    expect(ms).toBeLessThan(TIMEOUT_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
    const [failed] = await paymentsOf(t, order.id);
    expect(failed!.status).toBe('failed');
    expect(fake.pay.transactions.get(failed!.out_trade_no)?.state).toBe('NOTPAY');

    // The sweep closes what we gave up, so the late transaction can never take money.
    clock.advance(90);
    try {
      await sweep();
    } finally {
      clock.advance(-90);
    }
    expect(fake.pay.transactions.get(failed!.out_trade_no)?.state).toBe('CLOSED');
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    const retry = await payWithWechat(t, token, order.id);
    expect(retry.body.code).toBe(0);
  });

  // Payments: asking WeChat what became of one.

  it('keeps a payment pending while the status query fails or hangs, and settles it once WeChat answers', async () => {
    const token = await signedIn();
    const order = await holdSeats(t, token);
    const { body } = await payWithWechat(t, token, order.id);
    expect(body.code).toBe(0);
    fake.pay.pay(body.data.outTradeNo); // paid at WeChat; its notice is lost
    clock.advance(10);
    try {
      const status = () =>
        call<PaymentStatusAnswer>(t.app, {
          url: `/api/payment/status?paymentId=${body.data.paymentId}`,
          token,
        });
      for (const fault of [
        { kind: 'error', status: 500, path: QUERY },
        { kind: 'hang', path: QUERY },
      ] as const) {
        fake.setFault(fault);
        const { value: pending, ms } = await timed(status);
        expect(pending.body.code).toBe(0);
        expect(pending.body.data).toMatchObject({ status: 'pending', isSettled: false });
        expect(ms).toBeLessThan(TIMEOUT_MS * 4);
      }
      fake.setFault(null);
      const settled = await status();
      expect(settled.body.data).toMatchObject({ status: 'succeeded', isSettled: true });
      expect(['paid', 'ticketed']).toContain((await orderRow(t, order.id)).status);
    } finally {
      clock.advance(-10);
    }
  });
});
