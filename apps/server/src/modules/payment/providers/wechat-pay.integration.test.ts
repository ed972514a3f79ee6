import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { verifySha256Rsa } from '../../../lib/wechat/wechat-crypto.js';
import { FakeWechatServer } from '../../../test-support/fake-wechat/fake-wechat-server.js';
import { TEST_WECHAT } from '../../../test-support/fake-wechat/test-credentials.js';
import { TestClock } from '../../../test-support/test-clock.js';
import type { SiteRow } from '../../site/index.js';
import type { PayProvider } from './pay-provider.js';
import { PayProviderError } from './pay-provider-error.js';
import { createWechatPayProvider } from './wechat-pay.provider.js';

/** The WeChat Pay adapter, unchanged, against the fake WeChat server (no database involved). */
const APP_ID = 'wxpaytest0000001';
const noSmsProvider = {
  sms_provider: null,
  sms_secret_id: null,
  sms_secret_key: null,
  sms_sdk_app_id: null,
  sms_sign_name: null,
  sms_template_id: null,
  sms_region: null,
  sms_notice_template_id: null,
  wechat_pay_api_v2_key: null,
};

const site: SiteRow = {
  id: '00000000-0000-0000-0000-000000000001',
  code: 'wx-pay',
  name: 'WeChat Pay test',
  messenger_mode: 'wechat',
  wechat_app_id: APP_ID,
  wechat_app_secret: TEST_WECHAT.appSecret,
  settings: {},
  public_origin: null,
  sales_close_minutes: 0,
  short_name: null,
  short_name_en: null,
  logo_url: null,
  theme_color: '#d0343a',
  notice_template_paid: null,
  notice_template_reminder: null,
  notice_template_refunded: null,
  notice_template_ready: null,
  notice_template_exchanged: null,
  notice_template_changed: null,
  created_at: new Date(),
  wechat_mch_id: TEST_WECHAT.mchid,
  wechat_pay_serial_no: TEST_WECHAT.merchantSerialNo,
  wechat_pay_private_key: TEST_WECHAT.merchantPrivateKey,
  wechat_pay_api_v3_key: TEST_WECHAT.apiV3Key,
  wechatPayPlatformKeys: [
    {
      serial: TEST_WECHAT.platformSerial,
      publicKeyPem: TEST_WECHAT.platformPublicKey,
      validFrom: new Date('2020-01-01T00:00:00Z'),
      validUntil: null,
    },
  ],
  ...noSmsProvider,
};

async function rejection(promise: Promise<unknown>): Promise<PayProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayProviderError);
  return error as PayProviderError;
}

describe('WeChat Pay v3 adapter against the fake WeChat Pay', () => {
  const clock = new TestClock(new Date('2026-11-22T02:00:00Z'));
  let fake: FakeWechatServer;
  let pay: PayProvider;
  const endpoints = () => ({ apiBase: fake.baseUrl, payBase: fake.baseUrl });

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    fake.registerApp(APP_ID);
    pay = createWechatPayProvider(site, { endpoints: endpoints(), clock });
  });
  afterAll(() => fake?.close());

  const outTradeNo = () => `F${randomBytes(8).toString('hex')}`;
  async function order(amountFen = 7600, minutes = 15) {
    const no = outTradeNo();
    const { prepayId } = await pay.createJsapiTransaction({
      outTradeNo: no,
      description: '影城 - 电影票 2 张',
      amountFen,
      payerOpenid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      expiresAt: new Date(clock.now().getTime() + minutes * 60_000),
      notifyUrl: 'https://www-test.example.com/api/wxpay/notify',
    });
    return { no, prepayId };
  }

  describe('creating a JSAPI transaction', () => {
    it('answers the prepay id and sends time_expire as RFC 3339 in Beijing time', async () => {
      const { no, prepayId } = await order(7600, 15);
      expect(prepayId).toMatch(/^wx/);
      const sent = fake.pay.requests.find(
        (r) => (r.body as { out_trade_no?: string }).out_trade_no === no,
      );
      expect(sent?.body).toMatchObject({
        appid: APP_ID,
        mchid: TEST_WECHAT.mchid,
        time_expire: '2026-11-22T10:15:00+08:00',
        amount: { total: 7600, currency: 'CNY' },
      });
    });

    it('answers the same prepay id when the same out_trade_no is sent again', async () => {
      const { no, prepayId } = await order();
      const again = await pay.createJsapiTransaction({
        outTradeNo: no,
        description: 'again',
        amountFen: 7600,
        payerOpenid: 'o',
        expiresAt: new Date(clock.now().getTime() + 60_000),
        notifyUrl: 'https://x.example/n',
      });
      expect(again.prepayId).toBe(prepayId);
    });

    it('signs the fields for the page so the merchant key verifies them', async () => {
      const { prepayId } = await order();
      const fields = pay.signForClient(prepayId);
      expect(fields).toMatchObject({
        appId: APP_ID,
        packageValue: `prepay_id=${prepayId}`,
        signType: 'RSA',
      });
      expect(fields.timeStamp).toBe(String(clock.now().getTime() / 1000));
      const message = `${fields.appId}\n${fields.timeStamp}\n${fields.nonceStr}\n${fields.packageValue}\n`;
      expect(verifySha256Rsa(TEST_WECHAT.merchantPublicKey, message, fields.paySign)).toBe(true);
    });

    it('is refused with SIGN_ERROR when the request is signed with the wrong key', async () => {
      const forger = createWechatPayProvider(
        { ...site, wechat_pay_private_key: TEST_WECHAT.platformPrivateKey },
        { endpoints: endpoints(), clock },
      );
      const error = await rejection(forger.queryByOutTradeNo('F-anything'));
      expect(error.providerCode).toBe('SIGN_ERROR');
    });

    it('is refused with SIGN_ERROR when our clock is more than 5 minutes off', async () => {
      const late = createWechatPayProvider(site, {
        endpoints: endpoints(),
        clock: { now: () => new Date(clock.now().getTime() - 6 * 60_000) },
      });
      // WeChat's signed refusal is as far off our clock as our request was off WeChat's.
      const error = await rejection(late.queryByOutTradeNo('F-anything'));
      expect(error.providerCode).toBe('UNVERIFIED_ANSWER');
      expect(error.message).toMatch(/HTTP 401 SIGN_ERROR .* is 360 s away/);
    });

    it("refuses an answer that WeChat's platform key did not sign", async () => {
      const trusting = createWechatPayProvider(
        {
          ...site,
          wechatPayPlatformKeys: [
            { ...site.wechatPayPlatformKeys[0]!, publicKeyPem: TEST_WECHAT.merchantPublicKey },
          ],
        },
        { endpoints: endpoints(), clock },
      );
      const { no } = await order();
      const error = await rejection(trusting.queryByOutTradeNo(no));
      expect(error.providerCode).toBe('SIGN_ERROR');
      expect(error.message).toContain('signature does not match');
    });

    it("passes WeChat's refusal on with WeChat's code (PARAM_ERROR)", async () => {
      const error = await rejection(
        pay.createJsapiTransaction({
          outTradeNo: 'bad no!',
          description: 'x',
          amountFen: 100,
          payerOpenid: 'o',
          expiresAt: clock.now(),
          notifyUrl: 'https://x.example/n',
        }),
      );
      expect(error.providerCode).toBe('PARAM_ERROR');
    });
  });

  describe('query and close', () => {
    it('reports NOTPAY, then SUCCESS with the transaction id once the person paid', async () => {
      const { no } = await order(4500);
      expect((await pay.queryByOutTradeNo(no)).state).toBe('NOTPAY');
      const paid = fake.pay.pay(no);
      const result = await pay.queryByOutTradeNo(no);
      expect(result).toMatchObject({
        outTradeNo: no,
        state: 'SUCCESS',
        transactionId: paid.transaction_id,
        amountFen: 4500,
        payerOpenid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      });
      expect(result.successAt?.getTime()).toBe(clock.now().getTime());
    });

    it('reports CLOSED for an unpaid transaction past its time_expire', async () => {
      const { no } = await order(100, 1);
      clock.advance(61);
      expect((await pay.queryByOutTradeNo(no)).state).toBe('CLOSED');
    });

    it('answers ORDER_NOT_EXIST for a transaction WeChat never saw', async () => {
      expect((await rejection(pay.queryByOutTradeNo('F-never-created'))).providerCode).toBe(
        'ORDER_NOT_EXIST',
      );
    });

    it('closes an unpaid transaction, and refuses to close a paid one (ORDERPAID)', async () => {
      const open = await order();
      await pay.close(open.no);
      expect((await pay.queryByOutTradeNo(open.no)).state).toBe('CLOSED');
      const paid = await order();
      fake.pay.pay(paid.no);
      expect((await rejection(pay.close(paid.no))).providerCode).toBe('ORDERPAID');
    });
  });

  describe('notifications', () => {
    async function paidNotice(amountFen = 7600) {
      const { no } = await order(amountFen);
      fake.pay.pay(no);
      return { no, ...fake.pay.notification(no) };
    }

    /** A notice that must be a payment's. */
    async function paymentNotice(headers: Record<string, string>, body: string) {
      const notice = await pay.parseNotification(headers, body);
      if (notice.kind !== 'payment') throw new Error(`a ${notice.kind} notice`);
      return notice.payment;
    }

    it('verifies and decrypts a payment notification', async () => {
      const { no, headers, body } = await paidNotice(7600);
      const result = await paymentNotice(headers, body);
      expect(result).toMatchObject({ outTradeNo: no, state: 'SUCCESS', amountFen: 7600 });
      expect(result.transactionId).toMatch(/^42000/);
    });

    it('reads a repeated notification as the same transaction (the caller keys on its id)', async () => {
      const { no, headers, body } = await paidNotice();
      const first = await paymentNotice(headers, body);
      clock.advance(15);
      const repeat = fake.pay.notification(no);
      const second = await paymentNotice(repeat.headers, repeat.body);
      expect(second.transactionId).toBe(first.transactionId);
      expect(await paymentNotice(headers, body)).toEqual(first);
    });

    it('refuses a captured notification replayed more than 5 minutes later', async () => {
      const { headers, body } = await paidNotice();
      clock.advance(301);
      const error = await rejection(pay.parseNotification(headers, body));
      expect(error.providerCode).toBe('SIGN_ERROR');
    });

    it('refuses a notification whose body was changed after signing', async () => {
      const { headers, body } = await paidNotice();
      const tampered = body.replace('"summary":"支付成功"', '"summary":"支付成功 "');
      expect((await rejection(pay.parseNotification(headers, tampered))).providerCode).toBe(
        'SIGN_ERROR',
      );
    });

    it('refuses a notification with a forged signature, another serial or no headers', async () => {
      const { headers, body } = await paidNotice();
      const forged = {
        ...headers,
        'wechatpay-signature': headers['wechatpay-signature']!.replace(/^../, 'AA'),
      };
      expect((await rejection(pay.parseNotification(forged, body))).providerCode).toBe(
        'SIGN_ERROR',
      );
      const otherSerial = { ...headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' };
      expect((await rejection(pay.parseNotification(otherSerial, body))).providerCode).toBe(
        'SIGN_ERROR',
      );
      expect((await rejection(pay.parseNotification({}, body))).providerCode).toBe('SIGN_ERROR');
    });

    it('refuses a signed notification whose resource does not decrypt with our APIv3 key', async () => {
      const { headers, body } = await paidNotice();
      const wrongKey = createWechatPayProvider(
        { ...site, wechat_pay_api_v3_key: 'Y'.repeat(32) },
        { endpoints: endpoints(), clock },
      );
      expect((await rejection(wrongKey.parseNotification(headers, body))).providerCode).toBe(
        'BAD_NOTIFICATION',
      );
    });

    it('posts the notification to notify_url as often as asked, as WeChat retries', async () => {
      const received: string[] = [];
      const server = http.createServer((request, response) => {
        let raw = '';
        request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        request.on('end', () => {
          pay
            .parseNotification(request.headers as Record<string, string>, raw)
            .then((result) => {
              received.push(result.kind === 'payment' ? (result.payment.transactionId ?? '') : '');
              response.writeHead(204).end();
            })
            .catch(() => response.writeHead(400).end('{"code":"FAIL","message":"rejected"}'));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wxpay/notify`;
        const no = outTradeNo();
        await pay.createJsapiTransaction({
          outTradeNo: no,
          description: 'x',
          amountFen: 100,
          payerOpenid: 'o',
          expiresAt: new Date(clock.now().getTime() + 60_000),
          notifyUrl,
        });
        fake.pay.pay(no);
        expect(await fake.pay.deliverNotification(no, 3)).toEqual([204, 204, 204]);
        expect(new Set(received).size).toBe(1);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });

  describe('refunds', () => {
    it('refunds a paid transaction, and the same out_refund_no again answers the same refund', async () => {
      const { no } = await order(7600);
      fake.pay.pay(no);
      const input = {
        outTradeNo: no,
        outRefundNo: `R${no}`,
        refundFen: 7600,
        totalFen: 7600,
        reason: '退票',
        notifyUrl: 'https://cinema.example.com/api/wxpay/notify/x',
      };
      const refund = await pay.refund(input);
      expect(refund).toMatchObject({ outRefundNo: `R${no}`, state: 'SUCCESS' });
      expect(await pay.refund(input)).toEqual(refund);
      expect((await pay.queryByOutTradeNo(no)).state).toBe('REFUND');
    });

    it('refuses to refund an unpaid transaction or more than was paid (NOT_ENOUGH)', async () => {
      const unpaid = await order(500);
      const base = {
        refundFen: 500,
        totalFen: 500,
        reason: 'x',
        notifyUrl: 'https://cinema.example.com/api/wxpay/notify/x',
      };
      expect(
        (
          await rejection(
            pay.refund({ ...base, outTradeNo: unpaid.no, outRefundNo: `R${unpaid.no}` }),
          )
        ).providerCode,
      ).toBe('NOT_ENOUGH');
      const paid = await order(500);
      fake.pay.pay(paid.no);
      await pay.refund({
        ...base,
        refundFen: 300,
        outTradeNo: paid.no,
        outRefundNo: `R1${paid.no}`,
      });
      const over = await rejection(
        pay.refund({ ...base, refundFen: 300, outTradeNo: paid.no, outRefundNo: `R2${paid.no}` }),
      );
      expect(over.providerCode).toBe('NOT_ENOUGH');
    });
  });

  it('refuses to build for a site without merchant credentials, naming what is missing', () => {
    let error: unknown;
    try {
      createWechatPayProvider(
        { ...site, wechat_pay_api_v3_key: null },
        { endpoints: endpoints(), clock },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).type).toBe('PAYMENT_PROVIDER_FAILED');
    expect((error as AppError).details.reason).toContain('wechat_pay_api_v3_key');
  });
});
