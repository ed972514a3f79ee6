import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@marquee/contracts';
import { buildApp } from '../../app.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { insertWechatSite, TEST_WECHAT } from '../../test-support/fake-wechat/test-credentials.js';
import {
  call,
  createTestApp,
  TestClock,
  type TestApp,
  noBackgroundWork,
} from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';

const login = '/api/wx/redirect/login';
const ticketUrl = '/api/wx/jsapi/v2/getJsapiTicket';

describeOnEachDatabase('WeChat sign-in and JS-SDK ticket against the fake WeChat', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  const clock = new TestClock();

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    t = await createTestApp(kind, {
      clock,
      wechat: { apiBase: fake.baseUrl, payBase: fake.baseUrl },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A WeChat site of its own (so caches and counts start empty), known to the fake. */
  async function newSite(): Promise<{ code: string; appId: string }> {
    const site = await insertWechatSite(t.db, `wx-${randomBytes(4).toString('hex')}`);
    fake.registerApp(site.appId);
    return site;
  }

  const signInWith = (site: string, code: string) =>
    call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: login,
      site,
      body: { code },
    });

  describe('sign-in (web authorisation)', () => {
    it('signs in with the code WeChat sent back: openid, unionid, nickname and avatar', async () => {
      const site = await newSite();
      const openid = `o-${randomBytes(6).toString('hex')}`;
      const code = fake.issueCode(site.appId, {
        openid,
        unionid: `u-${openid}`,
        nickname: '小影',
        headimgurl: 'https://thirdwx.qlogo.cn/mmopen/avatar/132',
      });
      const { status, body } = await signInWith(site.code, code);
      expect(status).toBe(200);
      expect(body.data.userInfo).toMatchObject({
        nickname: '小影',
        avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/avatar/132',
      });
      const user = await t.db
        .selectFrom('users')
        .select(['openid', 'unionid'])
        .where('id', '=', body.data.userInfo.id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ openid, unionid: `u-${openid}` });
      const me = await call<UserInfo>(t.app, {
        url: '/api/userInfo/getUserInfo',
        site: site.code,
        token: body.data.token,
      });
      expect(me.body.data.id).toBe(body.data.userInfo.id);
    });

    it('signs in a silent (snsapi_base) authorisation without asking for the profile', async () => {
      const site = await newSite();
      const code = fake.issueCode(
        site.appId,
        { openid: 'o-silent-123456', nickname: 'x' },
        'snsapi_base',
      );
      const before = fake.count('/sns/userinfo');
      const { body } = await signInWith(site.code, code);
      expect(body.data.userInfo.nickname).toBe('用户123456');
      expect(fake.count('/sns/userinfo')).toBe(before);
    });

    it('refuses a code used a second time with 40003 (WeChat says 40163)', async () => {
      const site = await newSite();
      const code = fake.issueCode(site.appId, { openid: 'o-twice', nickname: 'Twice' });
      expect((await signInWith(site.code, code)).body.code).toBe(0);
      const again = await signInWith(site.code, code);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe(40003);
    });

    it('refuses a code older than 5 minutes with 40003', async () => {
      const site = await newSite();
      const code = fake.issueCode(site.appId, { openid: 'o-late', nickname: 'Late' });
      clock.advance(301);
      const late = await signInWith(site.code, code);
      expect(late.body.code).toBe(40003);
    });

    it('refuses a code WeChat never issued with 40003', async () => {
      const site = await newSite();
      expect((await signInWith(site.code, 'not-a-code')).body.code).toBe(40003);
    });

    it('answers 50202 when WeChat refuses the app secret, and never shows the secret', async () => {
      const site = await newSite();
      fake.registerApp(site.appId, 'another-secret');
      const code = fake.issueCode(site.appId, { openid: 'o-secret', nickname: 'S' });
      const { status, body } = await signInWith(site.code, code);
      expect(status).toBe(502);
      expect(body.code).toBe(50202);
      expect(JSON.stringify(body)).not.toContain(TEST_WECHAT.appSecret);
    });
  });

  describe('the JS-SDK ticket', () => {
    const ticketOf = (site: string, app: FastifyInstance = t.app) =>
      call<{ appId: string; ticket: string }>(app, { url: ticketUrl, site });

    it("answers the site's appId and WeChat's ticket, then serves it from the cache", async () => {
      const site = await newSite();
      const tokensBefore = fake.count('/cgi-bin/token');
      const ticketsBefore = fake.count('/cgi-bin/ticket/getticket');
      const first = await ticketOf(site.code);
      expect(first.body.code).toBe(0);
      expect(first.body.data).toEqual({
        appId: site.appId,
        ticket: expect.stringMatching(/^fake-ticket-/),
      });
      expect(JSON.stringify(first.body)).not.toContain(TEST_WECHAT.appSecret);
      const second = await ticketOf(site.code);
      expect(second.body.data.ticket).toBe(first.body.data.ticket);
      expect(fake.count('/cgi-bin/token') - tokensBefore).toBe(1);
      expect(fake.count('/cgi-bin/ticket/getticket') - ticketsBefore).toBe(1);
    });

    it('fetches a new token and ticket once they are within 5 minutes of their 7200 s', async () => {
      const site = await newSite();
      const first = await ticketOf(site.code);
      const tokensBefore = fake.count('/cgi-bin/token');
      clock.advance(7200 - 299);
      const refreshed = await ticketOf(site.code);
      expect(refreshed.body.data.ticket).not.toBe(first.body.data.ticket);
      expect(fake.count('/cgi-bin/token') - tokensBefore).toBe(1);
      const row = await t.db
        .selectFrom('wechat_tokens')
        .innerJoin('sites', 'sites.id', 'wechat_tokens.site_id')
        .select(['wechat_tokens.value', 'wechat_tokens.expires_at', 'wechat_tokens.lease_owner'])
        .where('sites.code', '=', site.code)
        .where('kind', '=', 'jsapi_ticket')
        .executeTakeFirstOrThrow();
      expect(row.value).toBe(refreshed.body.data.ticket);
      expect(row.expires_at?.getTime()).toBe(clock.now().getTime() + 7200 * 1000);
      expect(row.lease_owner).toBeNull();
    });

    it('gets a new access token once when WeChat ended the cached one early (40001)', async () => {
      const site = await newSite();
      await ticketOf(site.code);
      fake.revokeAccessTokens();
      // The ticket needs refreshing while the cached access token still looks valid to us.
      const row = await t.db
        .selectFrom('sites')
        .select('id')
        .where('code', '=', site.code)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('wechat_tokens')
        .set({ value: null, expires_at: null })
        .where('site_id', '=', row.id)
        .where('kind', '=', 'jsapi_ticket')
        .execute();
      const tokensBefore = fake.count('/cgi-bin/token');
      const ticketsBefore = fake.count('/cgi-bin/ticket/getticket');
      const answer = await ticketOf(site.code);
      expect(answer.body.code).toBe(0);
      expect(fake.count('/cgi-bin/token') - tokensBefore).toBe(1);
      expect(fake.count('/cgi-bin/ticket/getticket') - ticketsBefore).toBe(2);
    });

    it('refreshes once for 20 requests at the same moment on two server instances', async () => {
      const site = await newSite();
      const second = await buildApp({
        ...noBackgroundWork,
        database: t.database,
        clock,
        logLevel: 'silent',
        webDist: null,
        wechat: { apiBase: fake.baseUrl, payBase: fake.baseUrl },
      });
      try {
        const tokensBefore = fake.count('/cgi-bin/token');
        const ticketsBefore = fake.count('/cgi-bin/ticket/getticket');
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => ticketOf(site.code, i % 2 === 0 ? t.app : second)),
        );
        expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(0));
        expect(new Set(answers.map((a) => a.body.data.ticket)).size).toBe(1);
        expect(fake.count('/cgi-bin/token') - tokensBefore).toBe(1);
        expect(fake.count('/cgi-bin/ticket/getticket') - ticketsBefore).toBe(1);
      } finally {
        await second.close();
      }
    });

    it('takes over a lease left behind by an instance that died while refreshing', async () => {
      const site = await newSite();
      const row = await t.db
        .selectFrom('sites')
        .select('id')
        .where('code', '=', site.code)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('wechat_tokens')
        .values({
          site_id: row.id,
          kind: 'jsapi_ticket',
          lease_owner: 'dead-instance',
          lease_expires_at: new Date(clock.now().getTime() - 1000),
          updated_at: clock.now(),
        })
        .execute();
      const answer = await ticketOf(site.code);
      expect(answer.body.code).toBe(0);
    });

    it('answers 50202 when WeChat refuses the app secret for the access token', async () => {
      const site = await newSite();
      fake.registerApp(site.appId, 'rotated-secret');
      const answer = await ticketOf(site.code);
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe(50202);
    });

    it('gives a sandbox site a sandbox ticket, cached the same way, without calling WeChat', async () => {
      const calls = fake.count('/cgi-bin/token');
      const first = await ticketOf('www-test');
      expect(first.body.data.appId).toBeTruthy();
      expect(first.body.data.ticket).toMatch(/^sandbox-/);
      expect((await ticketOf('www-test')).body.data.ticket).toBe(first.body.data.ticket);
      expect(fake.count('/cgi-bin/token')).toBe(calls);
    });
  });
});
