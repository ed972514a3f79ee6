import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { SANDBOX_AUTHORIZE_PATH } from './providers/sandbox.provider.js';

const redirectUri = 'http://localhost/home/index?from=wechat';

/** The query WeChat's web authorisation page takes, as the web app builds it. */
function authorizeParams(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    appid: 'wx-sandbox-www-test',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_userinfo',
    state: 'state-123',
    ...overrides,
  };
}

describeOnEachDatabase('the messenger sandbox', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const countCodes = async () =>
    (
      await t.db
        .selectFrom('messenger_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count;

  /** What the consent page's form posts: its hidden fields plus the person picked. */
  function choose(choice: Record<string, string>, params = authorizeParams()) {
    return t.app.inject({
      method: 'POST',
      url: `${SANDBOX_AUTHORIZE_PATH}?${new URLSearchParams(params)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...params, ...choice }).toString(),
    });
  }

  async function codeFor(choice: Record<string, string>): Promise<string> {
    const response = await choose(choice);
    expect(response.statusCode).toBe(302);
    const code = new URL(response.headers.location as string).searchParams.get('code');
    expect(code).toBeTruthy();
    return code!;
  }

  const loginWith = (code: string) =>
    call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code },
    });

  it('shows an authorisation page listing the demo users', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${SANDBOX_AUTHORIZE_PATH}?${new URLSearchParams(authorizeParams())}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('星幕影城（演示）');
    expect(response.body).toContain('value="demo-alex"');
    expect(response.body).toContain('>Alex</button>');
    expect(response.body).toContain('value="demo-xiaoying"');
    expect(response.body).toContain('>小影</button>');
  });

  it('redirects to redirect_uri with a code and the state when a demo user is picked', async () => {
    const response = await choose({ openid: 'demo-alex' });
    expect(response.statusCode).toBe(302);
    const target = new URL(response.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost/home/index');
    expect(target.searchParams.get('from')).toBe('wechat');
    expect(target.searchParams.get('state')).toBe('state-123');
    expect(target.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('signs in once with the code, as the user picked', async () => {
    const code = await codeFor({ openid: 'demo-alex' });
    const { status, body } = await loginWith(code);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.userInfo.nickname).toBe('Alex');
    const alex = await t.db
      .selectFrom('users')
      .select('id')
      .where('openid', '=', 'demo-alex')
      .executeTakeFirstOrThrow();
    expect(body.data.userInfo.id).toBe(alex.id);
  });

  it('refuses a code used a second time with 40003', async () => {
    const code = await codeFor({ openid: 'demo-alex' });
    expect((await loginWith(code)).body.code).toBe(0);
    const again = await loginWith(code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(40003);
  });

  it('refuses a code older than 5 minutes with 40003', async () => {
    const code = await codeFor({ openid: 'demo-xiaoying' });
    t.clock.advance(301);
    const late = await loginWith(code);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe(40003);
  });

  it('accepts a code just inside its 5 minutes', async () => {
    const code = await codeFor({ openid: 'demo-xiaoying' });
    t.clock.advance(299);
    expect((await loginWith(code)).body.code).toBe(0);
  });

  it('creates a new user from a nickname', async () => {
    const nickname = `新人${Date.now().toString(36)}`;
    const code = await codeFor({ nickname });
    const { body } = await loginWith(code);
    expect(body.code).toBe(0);
    expect(body.data.userInfo.nickname).toBe(nickname);
    const page = await t.app.inject({
      method: 'GET',
      url: `${SANDBOX_AUTHORIZE_PATH}?${new URLSearchParams(authorizeParams())}`,
    });
    expect(page.body).toContain(`>${nickname}</button>`);
  });

  describe('refuses a bad authorisation request with a 400 page and no code', () => {
    // [what is wrong, the parameters that make it wrong, what the page names as the reason]
    const cases: [string, Record<string, string>, string][] = [
      ['a response_type other than code', { response_type: 'token' }, 'response_type'],
      ['an unknown appid', { appid: 'wx-nobody' }, 'appid wx-nobody'],
      ['a redirect_uri on another host', { redirect_uri: 'http://evil.example/' }, 'redirect_uri'],
      ['a redirect_uri that is not http', { redirect_uri: 'javascript:alert(1)' }, 'redirect_uri'],
    ];

    it.each(cases)('on GET with %s', async (_name, override, reason) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${SANDBOX_AUTHORIZE_PATH}?${new URLSearchParams(authorizeParams(override))}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain('type="submit"');
      expect(response.body).toContain(reason);
    });

    it.each(cases)('on POST with %s', async (_name, override, reason) => {
      const before = await countCodes();
      const response = await choose({ openid: 'demo-alex' }, authorizeParams(override));
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain(reason);
      expect(await countCodes()).toBe(before);
    });

    it('on POST with an openid nobody has', async () => {
      const before = await countCodes();
      const response = await choose({ openid: 'demo-nobody' });
      expect(response.statusCode).toBe(400);
      expect(await countCodes()).toBe(before);
    });
  });
});
