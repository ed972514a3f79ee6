import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signSha256Rsa, wechatMessage } from '../../../lib/wechat/wechat-crypto.js';
import { FakeWechatServer } from '../../../test-support/fake-wechat/fake-wechat-server.js';
import {
  TEST_PLATFORM_KEYS,
  TEST_WECHAT,
  testWechatSiteRow,
} from '../../../test-support/fake-wechat/test-credentials.js';
import { TestClock } from '../../../test-support/test-clock.js';
import type { PayProvider } from './pay-provider.js';
import { PayProviderError } from './pay-provider-error.js';
import { createWechatPayProvider } from './wechat-pay.provider.js';

/**
 * The WeChat Pay adapter through a platform-key rotation (a platform certificate giving way to a
 * WeChat Pay public key): WeChat signs with either for days, and every answer and notice must be
 * verified with the key its Wechatpay-Serial names. No database involved.
 */
const APP_ID = 'wxrotation000001';
const { certificate, publicKey } = TEST_PLATFORM_KEYS;
/** The public key arrived two days ago: the newest, sent on requests. */
const newPublicKey = { ...publicKey, validFrom: new Date('2026-11-20T00:00:00Z') };

async function rejection(promise: Promise<unknown>): Promise<PayProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayProviderError);
  return error as PayProviderError;
}

describe('WeChat Pay v3 adapter during a platform-key rotation', () => {
  const clock = new TestClock(new Date('2026-11-22T02:00:00Z'));
  let fake: FakeWechatServer;
  const endpoints = () => ({ apiBase: fake.baseUrl, payBase: fake.baseUrl });
  const providerWith = (keys = [certificate, newPublicKey], fetch?: typeof globalThis.fetch) =>
    createWechatPayProvider(testWechatSiteRow(APP_ID, { wechatPayPlatformKeys: keys }), {
      endpoints: { ...endpoints(), ...(fetch ? { fetch } : {}) },
      clock,
    });

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    fake.registerApp(APP_ID);
  });
  afterEach(() => {
    fake.pay.answerSerial = null;
    fake.pay.noticeSerial = null;
  });
  afterAll(() => fake?.close());

  async function order(pay: PayProvider, description = '影城 - 电影票 2 张') {
    const no = `F${randomBytes(8).toString('hex')}`;
    await pay.createJsapiTransaction({
      outTradeNo: no,
      description,
      amountFen: 7600,
      payerOpenid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      expiresAt: new Date(clock.now().getTime() + 15 * 60_000),
      notifyUrl: 'https://www-test.example.com/api/wxpay/notify/www-test',
    });
    return no;
  }
  const sentFor = (no: string) =>
    fake.pay.requests.find((r) => (r.body as { out_trade_no?: string }).out_trade_no === no);

  it('names the newest platform key valid now in Wechatpay-Serial, and says who calls', async () => {
    const no = await order(providerWith());
    expect(sentFor(no)?.headers['wechatpay-serial']).toBe(publicKey.serial);
    expect(sentFor(no)?.headers['user-agent']).toMatch(/^Marquee\/\d+\.\d+\.\d+ \(\+node v\d+/);
    // A key that only starts tomorrow is not named yet.
    const tomorrow = { ...publicKey, validFrom: new Date('2026-11-23T00:00:00Z') };
    const early = await order(providerWith([certificate, tomorrow]));
    expect(sentFor(early)?.headers['wechatpay-serial']).toBe(certificate.serial);
  });

  it('verifies answers signed with either key of the overlap', async () => {
    const pay = providerWith();
    const no = await order(pay);
    // WeChat answers with the key the request named (public-key mode)...
    expect((await pay.queryByOutTradeNo(no)).state).toBe('NOTPAY');
    // ...or still with the certificate while the merchant's switch is not on.
    fake.pay.answerSerial = certificate.serial;
    expect((await pay.queryByOutTradeNo(no)).state).toBe('NOTPAY');
    fake.pay.pay(no);
    expect((await pay.queryByOutTradeNo(no)).state).toBe('SUCCESS');
    fake.pay.answerSerial = publicKey.serial;
    const refund = await pay.refund({
      outTradeNo: no,
      outRefundNo: `R${no}`,
      refundFen: 7600,
      totalFen: 7600,
      reason: '用户申请退款',
      notifyUrl: 'https://www-test.example.com/api/wxpay/notify/www-test',
    });
    expect(refund.state).toBe('SUCCESS');
  });

  it('verifies payment and refund notices signed with either key of the overlap', async () => {
    const pay = providerWith();
    const no = await order(pay);
    fake.pay.pay(no);
    await pay.refund({
      outTradeNo: no,
      outRefundNo: `R${no}`,
      refundFen: 100,
      totalFen: 7600,
      reason: '退款',
      notifyUrl: 'https://www-test.example.com/api/wxpay/notify/www-test',
    });
    for (const serial of [certificate.serial, publicKey.serial]) {
      fake.pay.noticeSerial = serial;
      const paid = fake.pay.notification(no);
      expect(paid.headers['wechatpay-serial']).toBe(serial);
      const notice = await pay.parseNotification(paid.headers, paid.body);
      expect(notice).toMatchObject({ kind: 'payment', payment: { outTradeNo: no } });
      const refunded = fake.pay.refundNotification(`R${no}`);
      expect(refunded.headers['wechatpay-serial']).toBe(serial);
      expect(await pay.parseNotification(refunded.headers, refunded.body)).toMatchObject({
        kind: 'refund',
        refund: { outRefundNo: `R${no}`, state: 'SUCCESS' },
      });
    }
  });

  it('refuses a notice of a key the site lacks, has not yet, or no longer has', async () => {
    const pay = providerWith();
    const no = await order(pay);
    fake.pay.pay(no);
    fake.pay.noticeSerial = certificate.serial;
    const notice = fake.pay.notification(no);
    const cases: [PayProvider, RegExp][] = [
      [providerWith([newPublicKey]), /unknown platform serial 7132D72A/],
      [
        providerWith([{ ...certificate, validUntil: new Date('2026-11-21T00:00:00Z') }, publicKey]),
        /valid from .* until 2026-11-21T00:00:00.000Z, not at 2026-11-22/,
      ],
      [
        providerWith([{ ...certificate, validFrom: new Date('2026-11-23T00:00:00Z') }, publicKey]),
        /valid from 2026-11-23/,
      ],
    ];
    for (const [provider, message] of cases) {
      const error = await rejection(provider.parseNotification(notice.headers, notice.body));
      expect(error.providerCode).toBe('SIGN_ERROR');
      expect(error.message).toMatch(message);
    }
  });

  it('refuses a notice whose serial names one key but which the other key signed', async () => {
    const pay = providerWith();
    const no = await order(pay);
    fake.pay.pay(no);
    fake.pay.noticeSerial = certificate.serial;
    const notice = fake.pay.notification(no);
    const swapped = { ...notice.headers, 'wechatpay-serial': publicKey.serial };
    const error = await rejection(pay.parseNotification(swapped, notice.body));
    expect(error.message).toContain('signature does not match');
  });

  it('refuses to pay when no platform key is valid now, before calling WeChat', async () => {
    const expired = { ...certificate, validUntil: new Date('2026-11-01T00:00:00Z') };
    const calls = fake.count('/v3/pay/transactions/jsapi');
    await expect(order(providerWith([expired]))).rejects.toMatchObject({
      type: 'PAYMENT_PROVIDER_FAILED',
      details: { reason: 'site wx-pay has no WeChat Pay platform key valid now' },
    });
    expect(fake.count('/v3/pay/transactions/jsapi')).toBe(calls);
  });

  describe("WeChat Pay's refusals", () => {
    /** Between us and WeChat, something answers in WeChat's name without WeChat's key. */
    const impostor =
      (status: number, body: object, headers: Record<string, string> = {}): typeof fetch =>
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        });

    it('passes a signed refusal on with its code, whichever key signed it', async () => {
      for (const serial of [certificate.serial, publicKey.serial]) {
        fake.pay.answerSerial = serial;
        const error = await rejection(providerWith().queryByOutTradeNo('F-never-created'));
        expect(error.providerCode).toBe('ORDER_NOT_EXIST');
      }
    });

    it('does not believe an unsigned or wrongly signed ORDER_NOT_EXIST', async () => {
      const refusal = { code: 'ORDER_NOT_EXIST', message: '订单不存在' };
      const timestamp = String(Math.floor(clock.now().getTime() / 1000));
      const signedBy = (privateKeyPem: string) => ({
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': 'n0nce',
        'wechatpay-serial': publicKey.serial,
        'wechatpay-signature': signSha256Rsa(
          privateKeyPem,
          wechatMessage(timestamp, 'n0nce', JSON.stringify(refusal)),
        ),
      });
      for (const fetch of [
        impostor(404, refusal),
        impostor(404, refusal, signedBy(TEST_WECHAT.merchantPrivateKey)),
      ]) {
        const error = await rejection(providerWith(undefined, fetch).queryByOutTradeNo('F-x'));
        expect(error.providerCode).toBe('UNVERIFIED_ANSWER');
        expect(error.message).toContain('HTTP 404 ORDER_NOT_EXIST not signed by WeChat Pay');
      }
      // The same refusal signed with the platform key is believed.
      const genuine = impostor(404, refusal, signedBy(TEST_WECHAT.platformPrivateKey));
      const error = await rejection(providerWith(undefined, genuine).queryByOutTradeNo('F-x'));
      expect(error.providerCode).toBe('ORDER_NOT_EXIST');
    });
  });

  describe('the prepay description', () => {
    it("is cut to WeChat's 127 bytes of UTF-8, between characters", async () => {
      // 50 Chinese characters are 150 bytes: 42 of them (126 bytes) fit, the 43rd would not.
      const description = `${'星光影城电影票'.repeat(7)}券`;
      expect(Buffer.byteLength(description)).toBe(150);
      const no = await order(providerWith(), description);
      const sent = (sentFor(no)?.body as { description: string }).description;
      expect(Buffer.byteLength(sent)).toBe(126);
      expect(description.startsWith(sent)).toBe(true);
      expect(sent).not.toContain('\uFFFD');
    });
  });
});
