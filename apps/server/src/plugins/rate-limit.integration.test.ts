import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseKind } from '../db/client.js';
import { describeOnEachDatabase } from '../test-support/test-database.js';
import {
  deleteRedisKeys,
  describeWithRedis,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../test-support/test-redis.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
  noBackgroundWork,
} from '../test-support/test-app.js';

const userInfo = '/api/userInfo/getUserInfo';

/** The limits' rules, whichever store counts (memory or Redis). */
function limitRules(context: () => TestApp) {
  it('answers the 6th call in a minute with 429 and 42901, and other users still pass', async () => {
    const t = context();
    const token = await signIn(t.app, uniqueOpenid());
    for (let i = 1; i <= 5; i++) {
      expect((await call(t.app, { url: userInfo, token })).status, `call ${i}`).toBe(200);
    }
    const sixth = await call(t.app, { url: userInfo, token });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(42901);
    expect(sixth.body.data.retryAfterSeconds).toEqual(expect.any(Number));

    const otherToken = await signIn(t.app, uniqueOpenid());
    expect((await call(t.app, { url: userInfo, token: otherToken })).status).toBe(200);
  });

  it('counts all sessions of one user together', async () => {
    const t = context();
    const openid = uniqueOpenid();
    const tokens = [await signIn(t.app, openid), await signIn(t.app, openid)];
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, { url: userInfo, token: tokens[i % 2] })).status).toBe(200);
    }
    expect((await call(t.app, { url: userInfo, token: tokens[0] })).status).toBe(429);
    expect((await call(t.app, { url: userInfo, token: tokens[1] })).status).toBe(429);
  });

  it('gives made-up tokens no fresh budget: they count against the address', async () => {
    const t = context();
    const remoteAddress = '192.0.2.44';
    const made = (i: number) => `made-up-${i}-${'x'.repeat(30)}`;
    for (let i = 0; i < 5; i++) {
      const answer = await call(t.app, { url: userInfo, token: made(i), remoteAddress });
      expect(answer.status).toBe(401);
    }
    const sixth = await call(t.app, { url: userInfo, token: made(5), remoteAddress });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(42901);
  });

  it('keeps logins to 30 a minute per address whatever token header is sent', async () => {
    const t = context();
    const remoteAddress = '192.0.2.77';
    const login = (i: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/wx/redirect/login',
        token: `made-up-${i}-${'y'.repeat(30)}`,
        remoteAddress,
        body: { code: `sandbox:${uniqueOpenid('burst')}` },
      });
    for (let i = 0; i < 30; i++) expect((await login(i)).status, `login ${i + 1}`).toBe(200);
    const answer = await login(30);
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe(42901);
  });

  it('loses no count when many calls of one user arrive at once', async () => {
    const t = context();
    const token = await signIn(t.app, uniqueOpenid());
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(t.app, { url: userInfo, token })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('starts a new window once the minute is over', async () => {
    const t = context();
    const token = await signIn(t.app, uniqueOpenid());
    for (let i = 0; i < 5; i++) await call(t.app, { url: userInfo, token });
    const limited = await call(t.app, { url: userInfo, token });
    expect(limited.status).toBe(429);
    expect(limited.body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    t.clock.advance(61);
    expect((await call(t.app, { url: userInfo, token })).status).toBe(200);
  });
}

describeOnEachDatabase('rate limits in memory', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimitPerMinute: 5 });
  });
  afterAll(() => t?.close());

  limitRules(() => t);

  it('writes nothing to the database to count', async () => {
    const token = await signIn(t.app, uniqueOpenid());
    for (let i = 0; i < 3; i++) await call(t.app, { url: userInfo, token });
    expect(await t.db.selectFrom('rate_limit_counters').select('key').execute()).toEqual([]);
  });

  it('counts per process: a second instance without Redis has a budget of its own', async () => {
    const second = await buildApp({
      ...noBackgroundWork,
      database: t.database,
      logLevel: 'silent',
      webDist: null,
      clock: t.clock,
      rateLimitPerMinute: 5,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
    });
    try {
      const token = await signIn(t.app, uniqueOpenid());
      for (let i = 0; i < 5; i++) await call(t.app, { url: userInfo, token });
      expect((await call(t.app, { url: userInfo, token })).status).toBe(429);
      expect((await call(second, { url: userInfo, token })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describeWithRedis('rate limits', () => {
  let t: TestApp;
  const keyPrefix = uniqueRedisPrefix();
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimitPerMinute: 5,
      redis: { url: testRedisUrl, keyPrefix },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deleteRedisKeys(keyPrefix);
  });

  limitRules(() => t);

  it('counts in Redis: a second server instance on it shares the same budget', async () => {
    const second = await buildApp({
      ...noBackgroundWork,
      database: t.database,
      logLevel: 'silent',
      webDist: null,
      clock: t.clock,
      rateLimitPerMinute: 5,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      redisUrl: testRedisUrl,
      redisKeyPrefix: keyPrefix,
    });
    try {
      const token = await signIn(t.app, uniqueOpenid());
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : second;
        expect((await call(app, { url: userInfo, token })).status, `call ${i + 1}`).toBe(200);
      }
      expect((await call(second, { url: userInfo, token })).status).toBe(429);
      expect((await call(t.app, { url: userInfo, token })).status).toBe(429);
      expect(await t.db.selectFrom('rate_limit_counters').select('key').execute()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('refuses to start when Redis does not answer, naming REDIS_URL', async () => {
    await expect(
      buildApp({
        database: t.database,
        logLevel: 'silent',
        webDist: null,
        paymentSweepIntervalMs: null,
        holdSweepIntervalMs: null,
        redisUrl: 'redis://127.0.0.1:9/0',
      }),
    ).rejects.toThrow(/REDIS_URL: cannot connect/);
  });
});
