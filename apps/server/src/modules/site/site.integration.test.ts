import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeOnEachDatabase, openTestDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';

const userInfo = '/api/userInfo/getUserInfo';

describeOnEachDatabase('sites', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A second chain on the same server, written straight into `sites`. */
  async function insertSite(mode: 'sandbox' | 'wechat' = 'sandbox'): Promise<string> {
    const code = `other-${randomBytes(4).toString('hex')}`;
    await t.db
      .insertInto('sites')
      .values({
        code,
        name: 'Other Cinema',
        messenger_mode: mode,
        wechat_app_id: `wx-${code}`,
        wechat_app_secret: mode === 'wechat' ? 'secret' : null,
      })
      .execute();
    return code;
  }

  describe('the site header', () => {
    it('answers 40002 naming an unknown site', async () => {
      const { status, body } = await call(t.app, {
        url: userInfo,
        site: 'nowhere',
        headers: { 'accept-language': 'en' },
      });
      expect(status).toBe(400);
      expect(body.code).toBe(40002);
      expect(body.msg).toBe('Unknown site "nowhere". Check the address you opened.');
    });

    it('answers 40002 saying the site header is missing', async () => {
      const { status, body } = await call(t.app, { url: userInfo, site: null });
      expect(status).toBe(400);
      expect(body.code).toBe(40002);
      expect(body.msg).toContain('site');
      expect(body.msg).toContain('缺少站点');
    });

    it('checks the site before the token', async () => {
      const token = await signIn(t.app, uniqueOpenid());
      const { body } = await call(t.app, { url: userInfo, token, site: 'nowhere' });
      expect(body.code).toBe(40002);
    });

    it('reads the site code without regard to case or spaces', async () => {
      const token = await signIn(t.app, uniqueOpenid());
      const { body } = await call(t.app, { url: userInfo, token, site: ' WWW-Test ' });
      expect(body.code).toBe(0);
    });
  });

  describe('a session belongs to its site', () => {
    it('refuses a token of one site on another with -1001', async () => {
      const other = await insertSite();
      const openid = uniqueOpenid();
      const otherToken = await signIn(t.app, openid, { site: other });
      const demoToken = await signIn(t.app, openid);

      expect((await call(t.app, { url: userInfo, token: otherToken, site: other })).body.code).toBe(
        0,
      );
      const crossed = await call(t.app, { url: userInfo, token: otherToken });
      expect(crossed.status).toBe(401);
      expect(crossed.body.code).toBe(-1001);
      const back = await call(t.app, { url: userInfo, token: demoToken, site: other });
      expect(back.status).toBe(401);
      expect(back.body.code).toBe(-1001);
    });

    it('keeps one openid on two sites as two users', async () => {
      const other = await insertSite();
      const openid = uniqueOpenid();
      const onOther = await call<{ id: string }>(t.app, {
        url: userInfo,
        site: other,
        token: await signIn(t.app, openid, { site: other }),
      });
      const onDemo = await call<{ id: string }>(t.app, {
        url: userInfo,
        token: await signIn(t.app, openid),
      });
      expect(onOther.body.data.id).not.toBe(onDemo.body.data.id);
    });

    it('answers 50202 instead of signing in when a WeChat site cannot reach WeChat', async () => {
      const other = await insertSite('wechat');
      const { status, body } = await call(t.app, {
        method: 'POST',
        url: '/api/wx/redirect/login',
        site: other,
        body: { code: `sandbox:${uniqueOpenid()}` },
      });
      expect(status).toBe(502);
      expect(body.code).toBe(50202);
    });
  });

  describe('in production', () => {
    it('refuses to build while a site uses the messenger sandbox, naming it', async () => {
      await expect(
        buildApp({ database: t.database, isProduction: true, logLevel: 'silent', webDist: null }),
      ).rejects.toThrow(/sandbox: .*www-test/);
    });

    it('builds without the sandbox routes when every site uses WeChat', async () => {
      const database = await openTestDatabase(kind);
      try {
        await database.db
          .insertInto('sites')
          .values({
            code: 'live',
            name: 'Live Cinema',
            messenger_mode: 'wechat',
            wechat_app_id: 'wx-live',
            wechat_app_secret: 'secret',
          })
          .execute();
        const app = await buildApp({
          database,
          isProduction: true,
          logLevel: 'silent',
          webDist: null,
        });
        try {
          const page = await app.inject({
            method: 'GET',
            url: '/sandbox/connect/oauth2/authorize',
          });
          expect(page.statusCode).toBe(404);
          expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    });
  });
});
