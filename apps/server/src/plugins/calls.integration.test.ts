import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../test-support/test-app.js';

/**
 * Ids that are not ours and NUL characters never reach SQL. Before, PostgreSQL's
 * "invalid input syntax for type uuid" and "invalid byte sequence 0x00" came back as 500s.
 */
describeOnEachDatabase('what no call can send to SQL', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signIn(t.app, uniqueOpenid());
  });
  afterAll(() => t?.close());

  it.each([
    ['GET', '/api/order/detail?orderId=not-a-uuid', undefined],
    ['GET', '/api/payment/status?orderId=123', undefined],
    ['GET', '/api/payment/status?paymentId=abc', undefined],
    ['POST', '/api/order/refund', { orderId: 'x' }],
    ['POST', '/api/payment/cancel', { paymentId: "1' or '1'='1" }],
    ['GET', '/api/filmOrder/detail?orderId=nope', undefined],
  ] as const)('answers %s %s as not found (40401), not 500', async (method, url, body) => {
    const answer = await call(t.app, { method, url, token, body });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(40401);
  });

  it('refuses a NUL character anywhere in a query or a body with 40001 naming the field', async () => {
    const search = await call(t.app, { url: '/api/cinema/list?keyword=%00' });
    expect(search.body).toMatchObject({ code: 40001, data: { fields: ['query.keyword'] } });
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code: 'sandbox:abc\u0000def' },
    });
    expect(login.body).toMatchObject({ code: 40001, data: { fields: ['body.code'] } });
    const nested = await call(t.app, {
      method: 'POST',
      url: '/api/storeOrder/create',
      token,
      body: {
        cinemaId: 'x',
        phone: '13800138000',
        items: [{ goodsInfoId: 'a\u0000', quantity: 1 }],
      },
    });
    expect(nested.body).toMatchObject({
      code: 40001,
      data: { fields: ['body.items.0.goodsInfoId'] },
    });
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('openid', 'like', 'abc%')
      .execute();
    expect(users).toEqual([]);
  });
});
