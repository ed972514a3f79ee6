import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UserInfo } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';

const HAND_OFF = '/api/userInfo/handOff';
const EXCHANGE = '/api/wx/setToken/exchange';
const USER_INFO = '/api/userInfo/getUserInfo';

interface Exchanged {
  userInfo: UserInfo;
  token: string;
  isHandOff: boolean;
}

describeOnEachDatabase('setToken: one-time hand-off codes and raw session tokens', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const mint = async (token: string, site?: string) =>
    call<{ code: string; expiresInSeconds: number }>(t.app, {
      method: 'POST',
      url: HAND_OFF,
      token,
      site,
    });
  const exchange = (setToken: string, site?: string) =>
    call<Exchanged>(t.app, { method: 'POST', url: EXCHANGE, body: { setToken }, site });
  const userInfoOf = async (token: string, site?: string) =>
    call<UserInfo>(t.app, { url: USER_INFO, token, site });

  it('exchanges a hand-off code once for a new session of the same user', async () => {
    const token = await signIn(t.app, uniqueOpenid('handoff'));
    const minted = await mint(token);
    expect(minted.body).toMatchObject({ code: 0, data: { expiresInSeconds: 120 } });
    const code = minted.body.data.code;
    expect(code).toMatch(/^ho_[A-Za-z0-9_-]{43}$/);
    // Only its hash is stored.
    const stored = await t.db.selectFrom('hand_off_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(code);

    const first = await exchange(code);
    expect(first.body.code).toBe(0);
    expect(first.body.data.isHandOff).toBe(true);
    expect(first.body.data.token).not.toBe(token);
    const me = (await userInfoOf(token)).body.data;
    expect(first.body.data.userInfo.id).toBe(me.id);
    expect((await userInfoOf(first.body.data.token)).body.data.id).toBe(me.id);

    const again = await exchange(code);
    expect(again.body.code).toBe(40004);
    expect(again.status).toBe(400);
  });

  it('gives one of two exchanges racing with one code the session', async () => {
    const token = await signIn(t.app, uniqueOpenid('handoff-race'));
    const { code } = (await mint(token)).body.data;
    const answers = await Promise.all([exchange(code), exchange(code), exchange(code)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 40004, 40004]);
  });

  it('refuses an expired code, a code of another site, and a code of a signed-out session', async () => {
    const token = await signIn(t.app, uniqueOpenid('handoff-late'));
    const late = (await mint(token)).body.data.code;
    t.clock.advance(121);
    expect((await exchange(late)).body.code).toBe(40004);

    const code = `other-${randomBytes(3).toString('hex')}`;
    await t.db
      .insertInto('sites')
      .values({ code, name: '别家影城', messenger_mode: 'sandbox', wechat_app_id: `wx-${code}` })
      .execute();
    const elsewhere = (await mint(token)).body.data.code;
    expect((await exchange(elsewhere, code)).body.code).toBe(40004);
    // Still good on its own site (the refusal above did not use it).
    expect((await exchange(elsewhere)).body.code).toBe(0);

    const orphan = (await mint(token)).body.data.code;
    await call(t.app, { method: 'POST', url: '/api/userInfo/logout', token });
    expect((await exchange(orphan)).body.code).toBe(40004);
    expect((await exchange(`ho_${'A'.repeat(43)}`)).body.code).toBe(40004);
  });

  it('ends the new session when the minting one ends: a code cannot stretch a session', async () => {
    const token = await signIn(t.app, uniqueOpenid('handoff-end'));
    t.clock.advance(23 * 3600);
    const { code } = (await mint(token)).body.data;
    const { token: second } = (await exchange(code)).body.data;
    t.clock.advance(3600 + 1);
    expect((await userInfoOf(token)).body.code).toBe(-1001);
    expect((await userInfoOf(second)).body.code).toBe(-1001);
  });

  it('takes a raw session token as it is while the site allows it, and refuses it once switched off', async () => {
    const code = `raw-${randomBytes(3).toString('hex')}`;
    await t.db
      .insertInto('sites')
      .values({ code, name: '严格影城', messenger_mode: 'sandbox', wechat_app_id: `wx-${code}` })
      .execute();
    const token = await signIn(t.app, uniqueOpenid('raw'), { site: code });
    const allowed = await exchange(token, code);
    expect(allowed.body).toMatchObject({ code: 0, data: { token, isHandOff: false } });
    expect(allowed.body.data.userInfo.id).toBe((await userInfoOf(token, code)).body.data.id);
    expect((await exchange(`${token}x`, code)).body.code).toBe(-1001);

    // Switched off as `npm run site:set-token -- --raw off` does, on a site not yet cached.
    const strict = `strict-${randomBytes(3).toString('hex')}`;
    await t.db
      .insertInto('sites')
      .values({
        code: strict,
        name: '严格影城二',
        messenger_mode: 'sandbox',
        wechat_app_id: `wx-${strict}`,
        settings: JSON.stringify({ isRawSetTokenAllowed: false }),
      })
      .execute();
    const strictToken = await signIn(t.app, uniqueOpenid('strict'), { site: strict });
    const refused = await exchange(strictToken, strict);
    expect(refused.body.code).toBe(40005);
    expect(refused.status).toBe(400);
    // Hand-off codes still work there, and the session itself is untouched.
    const handed = await exchange((await mint(strictToken, strict)).body.data.code, strict);
    expect(handed.body).toMatchObject({ code: 0, data: { isHandOff: true } });
    expect((await userInfoOf(strictToken, strict)).body.code).toBe(0);
  });

  it('mints only for a signed-in session', async () => {
    expect((await call(t.app, { method: 'POST', url: HAND_OFF })).body.code).toBe(-1001);
    expect((await exchange('')).body.code).toBe(40001);
  });
});
