import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentStatusAnswer, UserInfo } from '@marquee/contracts';
import { devKeyring } from '../../lib/secrets.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import {
  switchDemoSiteToWechat,
  TEST_PLATFORM_KEYS,
} from '../../test-support/fake-wechat/test-credentials.js';
import { call, createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { addPlatformKey } from '../site/index.js';
import { holdSeats, orderRow, payWithWechat } from './payment-test-kit.js';

/**
 * A WeChat site in the middle of WeChat Pay's move from a platform certificate to a public key:
 * both keys stored (as `npm run site:wechat -- --add-platform-key` leaves them), WeChat signing
 * notices and answers with either. Every payment goes through, whichever key signed.
 */
describeOnEachDatabase('WeChat Pay during a platform-key rotation', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let appId: string;
  const clock = new TestClock();
  const { certificate, publicKey } = TEST_PLATFORM_KEYS;

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    t = await createTestApp(kind, {
      clock,
      wechat: { apiBase: fake.baseUrl, payBase: fake.baseUrl },
    });
    appId = await switchDemoSiteToWechat(t.db, fake);
    const site = await t.db
      .selectFrom('sites')
      .select('id')
      .where('code', '=', 'www-test')
      .executeTakeFirstOrThrow();
    // The certificate of old, and the public key that arrived yesterday.
    await addPlatformKey(t.db, site.id, certificate, devKeyring());
    await addPlatformKey(
      t.db,
      site.id,
      { ...publicKey, validFrom: new Date(clock.now().getTime() - 86_400_000) },
      devKeyring(),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  let n = 0;
  async function pendingPayment() {
    n += 1;
    const code = fake.issueCode(appId, { openid: `o-rot-${kind}-${n}`, nickname: `轮换${n}` });
    const signIn = await call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code },
      remoteAddress: `10.8.${n}.1`,
    });
    const token = signIn.body.data.token;
    const order = await holdSeats(t, token);
    const { body } = await payWithWechat(t, token, order.id);
    expect(body.code).toBe(0);
    return { token, order, pay: body.data };
  }

  it('names the public key on its requests', async () => {
    const { pay } = await pendingPayment();
    const prepay = fake.pay.requests.find(
      (request) => (request.body as { out_trade_no?: string }).out_trade_no === pay.outTradeNo,
    );
    expect(prepay?.headers['wechatpay-serial']).toBe(publicKey.serial);
  });

  it('takes notices signed with the certificate and with the public key', async () => {
    for (const serial of [certificate.serial, publicKey.serial]) {
      const { order, pay } = await pendingPayment();
      fake.pay.pay(pay.outTradeNo);
      fake.pay.noticeSerial = serial;
      const notice = fake.pay.notification(pay.outTradeNo);
      fake.pay.noticeSerial = null;
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/wxpay/notify/www-test',
        headers: notice.headers,
        payload: notice.body,
      });
      expect({ serial, status: answer.statusCode }).toEqual({ serial, status: 200 });
      expect(['paid', 'ticketed']).toContain((await orderRow(t, order.id)).status);
    }
  });

  it('takes a query answer signed with the certificate while WeChat still answers with it', async () => {
    const { token, pay } = await pendingPayment();
    fake.pay.pay(pay.outTradeNo);
    clock.advance(30); // past the few seconds the page waits for a notification
    fake.pay.answerSerial = certificate.serial;
    try {
      const status = await call<PaymentStatusAnswer>(t.app, {
        url: `/api/payment/status?paymentId=${pay.paymentId}`,
        token,
      });
      expect(status.body.data.status).toBe('succeeded');
    } finally {
      fake.pay.answerSerial = null;
    }
  });
});
