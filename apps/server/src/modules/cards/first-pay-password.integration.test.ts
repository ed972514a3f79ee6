import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, describeOnPostgres } from '../../test-support/test-database.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { encryptPassword, newUser, openTestCard, type TestUser } from './cards-test-kit.js';

/**
 * A first pay password on an account holding card money takes a second proof (decision 046): a
 * code texted to the bound phone, or, with no phone, a session from a WeChat authorisation of the
 * last 10 minutes. Accounts without card money set one as the spec says.
 */
const SET = '/api/userInfo/card/setPassword';
const SEND = '/api/userInfo/phoneCode/send';
const CHECK = '/api/userInfo/phoneCode/check';
const BIND = '/api/userInfo/phone/bind';
const LOG = '/api/userInfo/card/securityLog';
const PROOF = '/api/userInfo/card/firstPasswordProof';

let phoneCursor = 0;
const freshPhone = () =>
  `136${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCursor++).padStart(4, '0')}`;

function suite(kind: 'pglite' | 'postgres') {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, body: unknown) =>
    call<Record<string, unknown>>(t.app, { method: 'POST', url, token, body });

  async function codeSentTo(phone: string): Promise<string> {
    const response = await t.app.inject({ url: `/sandbox/sms?phone=${phone}` });
    return /验证码 (\d{6})/.exec(response.body)![1]!;
  }

  async function withCardMoney(user: TestUser) {
    await openTestCard(t, user, { types: ['film'], balanceFen: 5000 });
    return user;
  }

  async function bindPhone(user: TestUser): Promise<string> {
    const phone = freshPhone();
    expect((await post(user.token, SEND, { purpose: 'bindPhone', phone })).body.code).toBe(0);
    const bound = await post(user.token, BIND, { phone, code: await codeSentTo(phone) });
    expect(bound.body.code).toBe(0);
    return phone;
  }

  async function hasPayPassword(user: TestUser): Promise<boolean> {
    const row = await t.db
      .selectFrom('users')
      .select('pay_password_hash')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    return row.pay_password_hash !== null;
  }

  const setPassword = async (token: string, password: string, code?: string) =>
    post(token, SET, { password: await encryptPassword(t, password), ...(code ? { code } : {}) });

  it('without card money: the first pay password is set as the spec says, even on an old session', async () => {
    const user = await newUser(t);
    t.clock.advance(11 * 60);
    const answer = await setPassword(user.token, '258013');
    expect(answer.body).toMatchObject({ code: 0, data: { hasPayPassword: true } });
  });

  it('with card money and a bound phone: refused without the texted code, nothing changes', async () => {
    const user = await withCardMoney(await newUser(t));
    const phone = await bindPhone(user);
    // Even a session just made by WeChat does not stand in for the phone's code.
    const refused = await setPassword(user.token, '258013');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 42286,
      data: { proof: 'phoneCode', maskedPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}` },
    });
    expect(await hasPayPassword(user)).toBe(false);
    const log = await call<{ list: { kind: string }[] }>(t.app, { url: LOG, token: user.token });
    expect(log.body.data.list.map((event) => event.kind)).not.toContain('payPasswordSet');

    // A code sent for another purpose does not do.
    t.clock.advance(61);
    expect((await post(user.token, SEND, { purpose: 'changePhone' })).body.code).toBe(0);
    const otherCode = await codeSentTo(phone);
    const wrongPurpose = await setPassword(user.token, '258013', otherCode);
    expect(wrongPurpose.body.code).toBe(42281);
    expect(await hasPayPassword(user)).toBe(false);
  });

  it('with card money and a bound phone: the code is checked first, then sets it once', async () => {
    const user = await withCardMoney(await newUser(t));
    const phone = await bindPhone(user);
    t.clock.advance(11 * 60);
    const sent = await post(user.token, SEND, { purpose: 'firstPayPassword' });
    expect(sent.body.code).toBe(0);
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await post(user.token, CHECK, { purpose: 'firstPayPassword', code: wrong })).body,
    ).toMatchObject({ code: 42280, data: { triesLeft: 4 } });
    expect((await post(user.token, CHECK, { purpose: 'firstPayPassword', code })).body).toEqual(
      expect.objectContaining({ code: 0, data: { isRight: true } }),
    );
    // Checking does not use it: setPassword does, once.
    const set = await setPassword(user.token, '258013', code);
    expect(set.body).toMatchObject({ code: 0, data: { hasPayPassword: true } });
    expect(await hasPayPassword(user)).toBe(true);
    expect((await post(user.token, CHECK, { purpose: 'firstPayPassword', code })).body.code).toBe(
      42281,
    );
  });

  it('with card money and no phone: a stale or handed-off session is refused, a fresh authorisation works', async () => {
    const user = await withCardMoney(await newUser(t));
    t.clock.advance(11 * 60);
    const stale = await setPassword(user.token, '258013');
    expect(stale.body).toMatchObject({ code: 42286, data: { proof: 'wechatAuthorisation' } });
    expect(await hasPayPassword(user)).toBe(false);

    // A hand-off session made a moment ago is not an authorisation.
    const minted = await call<{ code: string }>(t.app, {
      method: 'POST',
      url: '/api/userInfo/handOff',
      token: user.token,
    });
    const exchanged = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/wx/setToken/exchange',
      body: { setToken: minted.body.data.code },
    });
    const handedOff = await setPassword(exchanged.body.data.token, '258013');
    expect(handedOff.body.code).toBe(42286);
    expect(await hasPayPassword(user)).toBe(false);

    // Authorising again (the OAuth code exchange) makes a session that can, for 10 minutes.
    const fresh = await signIn(t.app, user.openid);
    const set = await setPassword(fresh, '258013');
    expect(set.body).toMatchObject({ code: 0, data: { hasPayPassword: true } });
  });

  it('says what a first pay password needs: nothing, the phone code, or a fresh authorisation', async () => {
    const proofOf = async (token: string) =>
      (await call<{ proof: string; maskedPhone: string | null }>(t.app, { url: PROOF, token })).body
        .data;
    const poor = await newUser(t);
    expect(await proofOf(poor.token)).toEqual({ proof: 'none', maskedPhone: null });
    const rich = await withCardMoney(await newUser(t));
    expect(await proofOf(rich.token)).toEqual({ proof: 'none', maskedPhone: null });
    t.clock.advance(11 * 60);
    expect(await proofOf(rich.token)).toEqual({ proof: 'wechatAuthorisation', maskedPhone: null });
    const phone = await bindPhone(rich);
    expect(await proofOf(rich.token)).toEqual({
      proof: 'phoneCode',
      maskedPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
  });

  it('a second set with a code is a change and needs the old password', async () => {
    const user = await withCardMoney(await newUser(t));
    const phone = await bindPhone(user);
    expect((await post(user.token, SEND, { purpose: 'firstPayPassword' })).body.code).toBe(0);
    const code = await codeSentTo(phone);
    expect((await setPassword(user.token, '258013', code)).body.code).toBe(0);
    const again = await setPassword(user.token, '369024', code);
    expect(again.body).toMatchObject({ code: 40001 });
  });
}

describeOnEachDatabase('a first pay password with card money', suite);

describeOnPostgres('a first pay password with card money, racing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t?.close());

  it('two first sets racing with one code: one sets it, the other changes nothing', async () => {
    const user = await newUser(t);
    await openTestCard(t, user, { types: ['film'], balanceFen: 5000 });
    const phone = `135${String(process.pid % 10_000).padStart(4, '0')}9999`;
    const post = (url: string, body: unknown) =>
      call<Record<string, unknown>>(t.app, { method: 'POST', url, token: user.token, body });
    expect((await post(SEND, { purpose: 'bindPhone', phone })).body.code).toBe(0);
    const inbox = async () =>
      /验证码 (\d{6})/.exec((await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).body)![1]!;
    expect((await post(BIND, { phone, code: await inbox() })).body.code).toBe(0);
    expect((await post(SEND, { purpose: 'firstPayPassword' })).body.code).toBe(0);
    const code = await inbox();
    const [a, b] = await Promise.all([
      post(SET, { password: await encryptPassword(t, '258013'), code }),
      post(SET, { password: await encryptPassword(t, '369024'), code }),
    ]);
    const codes = [a.body.code, b.body.code].sort((x, y) => x - y);
    expect(codes[0]).toBe(0);
    expect(codes[1]).not.toBe(0);
    const events = await t.db
      .selectFrom('card_security_events')
      .select('kind')
      .where('user_id', '=', user.userId)
      .where('kind', '=', 'payPasswordSet')
      .execute();
    expect(events).toHaveLength(1);
  });
});
