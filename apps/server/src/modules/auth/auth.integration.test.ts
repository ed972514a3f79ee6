import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { createSessionAuthenticator, SESSION_TTL_SECONDS } from './auth.service.js';

const login = '/api/wx/redirect/login';
const userInfo = '/api/userInfo/getUserInfo';

describeOnEachDatabase('sign-in and sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  describe('the session authenticator', () => {
    it('finds a live session on any site, and authenticates it only on its own', async () => {
      const token = await signIn(t.app, uniqueOpenid('direct'));
      const sessions = createSessionAuthenticator({ db: t.db, clock: t.clock });
      const site = {
        ...(await t.db
          .selectFrom('sites')
          .selectAll()
          .where('code', '=', DEMO_SITE_CODE)
          .executeTakeFirstOrThrow()),
        wechatPayPlatformKeys: [],
      };
      const found = await sessions.find(token);
      expect(found?.siteId).toBe(site.id);
      expect((await sessions.authenticate(site, token)).id).toBe(found?.user.id);
      await expect(sessions.authenticate({ ...site, id: found!.user.id }, token)).rejects.toThrow();
      expect(await sessions.find(`${token}x`)).toBeNull();
      await expect(sessions.authenticate(site, undefined)).rejects.toThrow();
    });
  });

  describe('sandbox login with sandbox:<openid>', () => {
    it('creates the user on first use and returns a token and the user info', async () => {
      const openid = uniqueOpenid();
      const { status, body } = await call<{ token: string; userInfo: UserInfo }>(t.app, {
        method: 'POST',
        url: login,
        body: { code: `sandbox:${openid}` },
      });
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      // base64url of 32 random bytes: 256 bits, far above the 128 a guess would need.
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(body.data.token, 'base64url')).toHaveLength(32);
      expect(body.data.userInfo).toMatchObject({
        nickname: `用户${openid.slice(-6)}`,
        phone: null,
        hasPayPassword: false,
      });
      const row = await t.db
        .selectFrom('users')
        .select(['id', 'openid'])
        .where('openid', '=', openid)
        .executeTakeFirstOrThrow();
      expect(row.id).toBe(body.data.userInfo.id);
    });

    it('signs the same openid in as the same user with a new token', async () => {
      const openid = uniqueOpenid();
      const first = await call<{ token: string; userInfo: UserInfo }>(t.app, {
        method: 'POST',
        url: login,
        body: { code: `sandbox:${openid}` },
      });
      const second = await call<{ token: string; userInfo: UserInfo }>(t.app, {
        method: 'POST',
        url: login,
        body: { code: `sandbox:${openid}` },
      });
      expect(second.body.code).toBe(0);
      expect(second.body.data.userInfo.id).toBe(first.body.data.userInfo.id);
      expect(second.body.data.token).not.toBe(first.body.data.token);
      const users = await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('openid', '=', openid)
        .executeTakeFirstOrThrow();
      expect(users.count).toBe(1);
    });

    it('keeps the nickname of a known demo user', async () => {
      const { body } = await call<{ token: string; userInfo: UserInfo }>(t.app, {
        method: 'POST',
        url: login,
        body: { code: 'sandbox:demo-xiaoying' },
      });
      expect(body.data.userInfo).toMatchObject({ nickname: '小影', phone: '13800138000' });
    });

    it('refuses a code that is neither scripted nor issued with 40003', async () => {
      const { status, body } = await call(t.app, {
        method: 'POST',
        url: login,
        body: { code: 'no-such-code' },
      });
      expect(status).toBe(400);
      expect(body.code).toBe(40003);
    });
  });

  describe('getUserInfo', () => {
    it('answers the signed-in user with the token', async () => {
      const openid = uniqueOpenid();
      const token = await signIn(t.app, openid);
      const { status, body } = await call<UserInfo>(t.app, {
        url: `${userInfo}?time=${Date.now()}`,
        token,
      });
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data.nickname).toBe(`用户${openid.slice(-6)}`);
      expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
    });

    it('answers -1001 with HTTP 401 without a token', async () => {
      const { status, body } = await call(t.app, { url: userInfo });
      expect(status).toBe(401);
      expect(body.code).toBe(-1001);
    });

    it('answers -1001 with HTTP 401 for an unknown token', async () => {
      const { status, body } = await call(t.app, { url: userInfo, token: 'x'.repeat(43) });
      expect(status).toBe(401);
      expect(body.code).toBe(-1001);
    });

    it('answers -1001 with HTTP 401 once the session is older than 24 hours', async () => {
      const token = await signIn(t.app, uniqueOpenid());
      t.clock.advance(SESSION_TTL_SECONDS - 60);
      expect((await call(t.app, { url: userInfo, token })).body.code).toBe(0);
      t.clock.advance(61);
      const { status, body } = await call(t.app, { url: userInfo, token });
      expect(status).toBe(401);
      expect(body.code).toBe(-1001);
    });

    it('answers -1001 with HTTP 401 after logout, and only for that token', async () => {
      const openid = uniqueOpenid();
      const token = await signIn(t.app, openid);
      const otherToken = await signIn(t.app, openid);
      const logout = await call<{ isSignedOut: boolean }>(t.app, {
        method: 'POST',
        url: '/api/userInfo/logout',
        token,
        body: {},
      });
      expect(logout.body).toMatchObject({ code: 0, data: { isSignedOut: true } });
      const { status, body } = await call(t.app, { url: userInfo, token });
      expect(status).toBe(401);
      expect(body.code).toBe(-1001);
      expect((await call(t.app, { url: userInfo, token: otherToken })).body.code).toBe(0);
    });
  });
});
