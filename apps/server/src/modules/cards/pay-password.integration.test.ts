import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_PEPPER } from '../../env.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  type TestApp,
  noBackgroundWork,
} from '../../test-support/test-app.js';
import { chargeCards, verifyPayPassword } from './index.js';
import {
  createTestOrder,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from './cards-test-kit.js';

const setPasswordUrl = '/api/userInfo/card/setPassword';

describeOnEachDatabase('the pay password', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const deps = () => ({
    db: t.db,
    clock: t.clock,
    payPasswordPepper: DEV_PEPPER,
  });

  async function verify(user: TestUser, password: string) {
    const encrypted = await encryptPassword(t, password);
    return verifyPayPassword(deps(), { id: user.siteId }, { id: user.userId }, encrypted).then(
      () => 'ok',
      (error: { type?: string; details?: Record<string, unknown> }) => error,
    );
  }

  async function setPassword(user: TestUser, body: Record<string, string>) {
    return call(t.app, { method: 'POST', url: setPasswordUrl, token: user.token, body });
  }

  it('publishes one RSA-OAEP-256 public key that survives a restart of the app', async () => {
    const first = await call<{ keyId: string; spki: string; algorithm: string }>(t.app, {
      url: '/api/security/payKey',
    });
    expect(first.body.code).toBe(0);
    expect(first.body.data.algorithm).toBe('RSA-OAEP-256');
    expect(Buffer.from(first.body.data.spki, 'base64').length).toBeGreaterThan(250);
    // A new Kysely instance on the same connection: no in-memory cache, as after a restart.
    const again = await buildApp({
      ...noBackgroundWork,
      database: { ...t.database, db: t.db.withoutPlugins() },
      logLevel: 'silent',
      webDist: null,
    });
    try {
      const second = await call<{ keyId: string; spki: string }>(again, {
        url: '/api/security/payKey',
      });
      expect(second.body.data).toEqual(first.body.data);
      const stored = await t.db.selectFrom('server_keys').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.private_pkcs8).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    } finally {
      await again.close();
    }
  });

  it('sets a first pay password, shown by the user info, and stores only a slow hash', async () => {
    const user = await newUser(t);
    const { status, body } = await setPassword(user, {
      password: await encryptPassword(t, '258013'),
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ hasPayPassword: true });
    const info = await call<{ hasPayPassword: boolean }>(t.app, {
      url: '/api/userInfo/getUserInfo',
      token: user.token,
    });
    expect(info.body.data.hasPayPassword).toBe(true);
    const row = await t.db
      .selectFrom('users')
      .select('pay_password_hash')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.pay_password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.pay_password_hash).not.toContain('258013');
    expect(await verify(user, '258013')).toBe('ok');
  });

  it.each([
    ['12345', 'format'],
    ['abcdef', 'format'],
    ['123456', 'trivial'],
    ['000000', 'trivial'],
    ['111111', 'trivial'],
    ['654321', 'trivial'],
    ['121212', 'trivial'],
  ])('refuses %s as a new pay password (%s) with a clear message', async (password, reason) => {
    const user = await newUser(t);
    const { status, body } = await setPassword(user, {
      password: await encryptPassword(t, password),
    });
    expect(status).toBe(422);
    expect(body.code).toBe(42212);
    expect(body.data).toMatchObject({ reason });
    expect(body.msg).toBe('支付密码须为 6 位数字，且不能过于简单（如 123456）');
  });

  it('changes the password only with the right old one', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, '258013');
    const withoutOld = await setPassword(user, { password: await encryptPassword(t, '369147') });
    expect(withoutOld.body.code).toBe(40001);
    expect(withoutOld.body.msg).toContain('body.oldPassword');
    const wrongOld = await setPassword(user, {
      password: await encryptPassword(t, '369147'),
      oldPassword: await encryptPassword(t, '999888'),
    });
    expect(wrongOld.body.code).toBe(42206);
    expect(wrongOld.body.data).toMatchObject({ triesLeft: 4 });
    const changed = await setPassword(user, {
      password: await encryptPassword(t, '369147'),
      oldPassword: await encryptPassword(t, '258013'),
    });
    expect(changed.body.code).toBe(0);
    expect(await verify(user, '369147')).toBe('ok');
    expect(await verify(user, '258013')).toMatchObject({ type: 'PAY_PASSWORD_WRONG' });
  });

  it('answers PAY_PASSWORD_NOT_SET when a user without one pays', async () => {
    const user = await newUser(t);
    expect(await verify(user, '258013')).toMatchObject({ type: 'PAY_PASSWORD_NOT_SET' });
  });

  it('refuses a payload older than 5 minutes or more than 1 minute ahead as stale', async () => {
    const user = await newUser(t);
    const now = t.clock.now().getTime();
    for (const timestamp of [now - 5 * 60_000 - 1000, now + 61_000]) {
      const { status, body } = await setPassword(user, {
        password: await encryptPassword(t, '258013', { timestamp }),
      });
      expect(status).toBe(422);
      expect(body.code).toBe(42211);
      expect(body.data).toMatchObject({ reason: 'expired' });
    }
    const fresh = await setPassword(user, {
      password: await encryptPassword(t, '258013', { timestamp: now - 4 * 60_000 }),
    });
    expect(fresh.body.code).toBe(0);
  });

  it('refuses a replayed payload, even when the first use succeeded', async () => {
    const user = await newUser(t);
    const password = await encryptPassword(t, '258013');
    expect((await setPassword(user, { password })).body.code).toBe(0);
    const replay = await setPassword(user, { password });
    expect(replay.body.code).toBe(42211);
    expect(replay.body.data).toMatchObject({ reason: 'replayed' });
  });

  it('refuses a payload not encrypted with the published key', async () => {
    const user = await newUser(t);
    const { body } = await setPassword(user, {
      password: Buffer.from('x'.repeat(256)).toString('base64'),
    });
    expect(body.code).toBe(42211);
    expect(body.data).toMatchObject({ reason: 'undecryptable' });
  });

  it('locks card payments for 15 minutes after five wrong tries, and says how long', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, '258013');
    for (const triesLeft of [4, 3, 2, 1]) {
      expect(await verify(user, '000001')).toMatchObject({
        type: 'PAY_PASSWORD_WRONG',
        details: { triesLeft },
      });
    }
    expect(await verify(user, '000001')).toMatchObject({
      type: 'PAY_PASSWORD_LOCKED',
      details: { retryAfterSeconds: 900 },
    });
    t.clock.advance(60);
    const locked = await verify(user, '258013');
    expect(locked).toMatchObject({
      type: 'PAY_PASSWORD_LOCKED',
      details: { retryAfterSeconds: 840 },
    });
    expect((locked as Error).message).toContain('14 min');
    t.clock.advance(14 * 60);
    expect(await verify(user, '258013')).toBe('ok');
    // The right password starts the count again.
    expect(await verify(user, '000001')).toMatchObject({ details: { triesLeft: 4 } });
  });

  it('keeps counting wrong tries when the payment transaction around them rolls back', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, '258013');
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 500 });
    const orderId = await createTestOrder(t, user);
    // The payment flow: check the password first (its own statements), then the transaction.
    const failure = await verify(user, '000001');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await chargeCards(trx, {
          siteId: user.siteId,
          userId: user.userId,
          orderId,
          cardType: 'film',
          cardIds: [card.id],
          amountFen: 100,
          mode: 'commit',
          clockNow: t.clock.now(),
        });
        throw failure;
      }),
    ).rejects.toMatchObject({ type: 'PAY_PASSWORD_WRONG' });
    const row = await t.db
      .selectFrom('users')
      .select('pay_password_failures')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.pay_password_failures).toBe(1);
    const ledger = await t.db
      .selectFrom('card_ledger')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    expect(ledger).toEqual([]);
  });

  it('refuses the same encrypted payment password twice', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, '258013');
    const encrypted = await encryptPassword(t, '258013');
    const payWith = () =>
      verifyPayPassword(deps(), { id: user.siteId }, { id: user.userId }, encrypted).then(
        () => 'ok',
        (error: { type?: string; details?: unknown }) => error,
      );
    expect(await payWith()).toBe('ok');
    expect(await payWith()).toMatchObject({
      type: 'PAYLOAD_STALE',
      details: { reason: 'replayed' },
    });
  });

  it('refuses to change a locked pay password until the lock lifts', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, '258013');
    for (let attempt = 0; attempt < 5; attempt += 1) await verify(user, '000001');
    const change = async () =>
      setPassword(user, {
        password: await encryptPassword(t, '369147'),
        oldPassword: await encryptPassword(t, '258013'),
      });
    const locked = await change();
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe(42207);
    expect(locked.body.msg).toBe('支付密码错误次数过多，请 15 分钟后再试');
    t.clock.advance(15 * 60);
    expect((await change()).body.code).toBe(0);
  });

  it('answers -1001 to setPassword without a token', async () => {
    const { status, body } = await call(t.app, {
      method: 'POST',
      url: setPasswordUrl,
      body: { password: 'x'.repeat(20) },
    });
    expect(status).toBe(401);
    expect(body.code).toBe(-1001);
  });
});
