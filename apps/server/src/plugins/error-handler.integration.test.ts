import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../test-support/test-app.js';

const login = '/api/wx/redirect/login';

describeOnEachDatabase('error answers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function countRows() {
    const users = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const sessions = await t.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { users: users.count, sessions: sessions.count };
  }

  describe('validation', () => {
    const cases: [string, unknown, string[]][] = [
      ['malformed JSON', '{"code": "sandbox:abc"', ['body']],
      ['an empty code', { code: '' }, ['body.code']],
      ['a code of only spaces', { code: '   ' }, ['body.code']],
      ['a code that is a number', { code: 12345 }, ['body.code']],
      ['no code at all', {}, ['body.code']],
      ['a body that is an array', '["sandbox:abc"]', ['body']],
    ];

    it.each(cases)(
      'answers 40001 listing the fields for %s and writes nothing',
      async (_name, body, fields) => {
        const before = await countRows();
        const answer = await call(t.app, { method: 'POST', url: login, body });
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(40001);
        expect(answer.body.data.fields).toEqual(fields);
        expect(answer.body.msg).toContain(fields[0]);
        expect(await countRows()).toEqual(before);
      },
    );

    it('answers 40001 for a query of the wrong type', async () => {
      const token = await signIn(t.app, uniqueOpenid());
      const answer = await call(t.app, { url: '/api/userInfo/getUserInfo?time=yesterday', token });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
      expect(answer.body.data.fields).toEqual(['query.time']);
    });

    it('answers 40001 for fields a call does not take', async () => {
      const token = await signIn(t.app, uniqueOpenid());
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/userInfo/logout',
        token,
        body: { everywhere: true },
      });
      expect(answer.body.code).toBe(40001);
      // The session is still live: a refused call changes nothing.
      expect((await call(t.app, { url: '/api/userInfo/getUserInfo', token })).body.code).toBe(0);
    });
  });

  describe('language', () => {
    it('answers in Chinese by default', async () => {
      const { body } = await call(t.app, { url: '/api/userInfo/getUserInfo' });
      expect(body.msg).toBe('登录已失效，请重新登录');
    });

    it('answers in English when the client prefers it', async () => {
      const { body } = await call(t.app, {
        url: '/api/userInfo/getUserInfo',
        headers: { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' },
      });
      expect(body.code).toBe(-1001);
      expect(body.msg).toBe('Your session has ended. Please sign in again.');
    });

    it('answers in Chinese when Chinese comes first', async () => {
      const { body } = await call(t.app, {
        url: '/api/userInfo/getUserInfo',
        headers: { 'accept-language': 'zh-CN,en;q=0.8' },
      });
      expect(body.msg).toBe('登录已失效，请重新登录');
    });
  });

  describe('unknown paths', () => {
    it('answers 404 with 40401 in the envelope for an unknown /api path', async () => {
      const { status, body } = await call(t.app, { url: '/api/no/such/call' });
      expect(status).toBe(404);
      expect(body.code).toBe(40401);
      expect(body.msg).toContain('/api/no/such/call');
      expect(body.data.requestId).toEqual(expect.any(String));
    });

    it('answers 405 with the method to use for a known path asked with the wrong one', async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: login,
        headers: { site: 'www-test', 'accept-language': 'en' },
      });
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toBe('POST');
      const body = answer.json<{ code: number; msg: string }>();
      expect(body.code).toBe(40501);
      expect(body.msg).toBe(`${login} does not take GET; use POST.`);
      const other = await call(t.app, { method: 'POST', url: '/api/goods/getCategoryList' });
      expect(other.status).toBe(405);
      expect(other.body.msg).toBe('/api/goods/getCategoryList 不支持 POST 请求，请使用 GET');
    });
  });

  it('echoes the request id it was given', async () => {
    const answer = await call(t.app, {
      url: '/api/no/such/call',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(answer.headers['x-request-id']).toBe('trace-12345678');
    expect(answer.body.data.requestId).toBe('trace-12345678');
  });
});
