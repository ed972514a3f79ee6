import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode, type UserInfo, type UserPreferences } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';

const preferences = '/api/userInfo/preferences';
const userInfo = '/api/userInfo/getUserInfo';

describeOnEachDatabase('user preferences (care mode)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const careModeOf = async (token: string) =>
    (await call<UserInfo>(t.app, { url: userInfo, token })).body.data.isCareMode;

  it('starts with care mode off, and keeps it on the server for every session of the user', async () => {
    const openid = uniqueOpenid('care');
    const phone = await signIn(t.app, openid);
    expect(await careModeOf(phone)).toBe(false);

    const on = await call<UserPreferences>(t.app, {
      method: 'POST',
      url: preferences,
      token: phone,
      body: { isCareMode: true },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ code: 0, data: { isCareMode: true } });
    expect(await careModeOf(phone)).toBe(true);

    // A new sign-in on another device: the login's user info and the user info both carry it.
    const login = await call<{ userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code: `sandbox:${openid}` },
      remoteAddress: '10.30.0.1',
    });
    expect(login.body.data.userInfo.isCareMode).toBe(true);
    const tablet = await signIn(t.app, openid);
    expect(await careModeOf(tablet)).toBe(true);

    const off = await call<UserPreferences>(t.app, {
      method: 'POST',
      url: preferences,
      token: tablet,
      body: { isCareMode: false },
    });
    expect(off.body.data).toEqual({ isCareMode: false });
    expect(await careModeOf(phone)).toBe(false);
  });

  it("changes only the signed-in user's preference", async () => {
    const mine = await signIn(t.app, uniqueOpenid('care'));
    const theirs = await signIn(t.app, uniqueOpenid('care'));
    await call(t.app, {
      method: 'POST',
      url: preferences,
      token: mine,
      body: { isCareMode: true },
    });
    expect(await careModeOf(mine)).toBe(true);
    expect(await careModeOf(theirs)).toBe(false);
  });

  it.each([
    ['an unknown name', { isCareMode: false, fontScale: 2 }, ErrorCode.PREFERENCE_UNKNOWN],
    ['a string for a switch', { isCareMode: 'false' }, ErrorCode.PREFERENCE_VALUE_INVALID],
    ['a number for a switch', { isCareMode: 0 }, ErrorCode.PREFERENCE_VALUE_INVALID],
    ['null for a switch', { isCareMode: null }, ErrorCode.PREFERENCE_VALUE_INVALID],
    ['an empty change', {}, ErrorCode.PREFERENCES_EMPTY],
    ['a list instead of an object', [true], ErrorCode.VALIDATION_FAILED],
  ])('refuses %s with its own code and changes nothing', async (_, body, code) => {
    const token = await signIn(t.app, uniqueOpenid('care'));
    await call(t.app, { method: 'POST', url: preferences, token, body: { isCareMode: true } });

    const refused = await call(t.app, { method: 'POST', url: preferences, token, body });
    expect(refused.body.code).toBe(code);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.msg).not.toBe('');
    expect(await careModeOf(token)).toBe(true);
  });

  it('names the unknown setting in the reader’s language', async () => {
    const token = await signIn(t.app, uniqueOpenid('care'));
    const zh = await call(t.app, {
      method: 'POST',
      url: preferences,
      token,
      body: { fontScale: 2 },
    });
    expect(zh.body.msg).toContain('fontScale');
    const en = await call(t.app, {
      method: 'POST',
      url: preferences,
      token,
      body: { isCareMode: 'yes' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('The setting "isCareMode" can only be on or off (true or false).');
  });

  it('needs a session', async () => {
    const { body } = await call(t.app, {
      method: 'POST',
      url: preferences,
      body: { isCareMode: true },
    });
    expect(body.code).toBe(ErrorCode.SESSION_INVALID);
  });
});
