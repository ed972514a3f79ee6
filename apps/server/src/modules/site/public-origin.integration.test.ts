import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { holdSeats } from '../payment/payment-test-kit.js';

/**
 * WeChat Pay calls back on notify_url: it must point at this deployment whatever the paying
 * request said its Host was (a forged Host would send the notices, and the money's evidence,
 * elsewhere).
 */
describeOnEachDatabase('the public origin of notify_url', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const forged = {
    host: 'evil.example:9999',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };

  async function payForgingHost(app: TestApp['app']): Promise<string> {
    const token = await signIn(app, uniqueOpenid());
    const order = await holdSeats({ ...t, app }, token);
    const answer = await call<{ packageValue: string }>(app, {
      method: 'POST',
      url: '/api/wxpay/wechatPay',
      token,
      body: { param: { orderType: 'FILM_ORDER', orderId: order.id } },
      headers: { 'idempotency-key': randomUUID(), ...forged },
    });
    expect(answer.body.code).toBe(0);
    const prepayId = answer.body.data.packageValue.replace(/^prepay_id=/, '');
    const transaction = await t.db
      .selectFrom('sandbox_pay_transactions')
      .select('notify_url')
      .where('prepay_id', '=', prepayId)
      .executeTakeFirstOrThrow();
    return transaction.notify_url;
  }

  it('builds notify_url on the configured origin, never on a forged Host header', async () => {
    const app = await buildApp({
      database: t.database,
      clock: t.clock,
      logLevel: 'silent',
      webDist: null,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      publicOrigin: 'https://cinema.example.com',
    });
    try {
      const notifyUrl = await payForgingHost(app);
      expect(notifyUrl).toBe('https://cinema.example.com/api/wxpay/notify/www-test');
      expect(notifyUrl).not.toContain('evil');
    } finally {
      await app.close();
    }
  });

  it("prefers the site's own public_origin to the deployment's", async () => {
    await t.db
      .updateTable('sites')
      .set({ public_origin: 'https://www-test.cinema.example' })
      .where('code', '=', 'www-test')
      .execute();
    const app = await buildApp({
      database: t.database,
      clock: t.clock,
      logLevel: 'silent',
      webDist: null,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      publicOrigin: 'https://cinema.example.com',
    });
    try {
      expect(await payForgingHost(app)).toBe(
        'https://www-test.cinema.example/api/wxpay/notify/www-test',
      );
    } finally {
      await app.close();
      await t.db
        .updateTable('sites')
        .set({ public_origin: null })
        .where('code', '=', 'www-test')
        .execute();
    }
  });

  it('refuses a public_origin with a path', async () => {
    await expect(
      t.db
        .updateTable('sites')
        .set({ public_origin: 'https://cinema.example.com/pay' })
        .where('code', '=', 'www-test')
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
