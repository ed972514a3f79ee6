import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';

const SEND = '/api/userInfo/phoneCode/send';
const BIND = '/api/userInfo/phone/bind';
const RESET = '/api/userInfo/card/resetPassword';
const LOG = '/api/userInfo/card/securityLog';
const SET = '/api/userInfo/card/setPassword';
const CHECK = '/api/userInfo/phoneCode/check';

let phoneCursor = 0;
/** A mobile number no other test of this run uses. */
const freshPhone = () =>
  `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCursor++).padStart(4, '0')}`;

describeOnEachDatabase('SMS codes: binding a phone and resetting the pay password', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (user: TestUser, url: string, body: unknown) =>
    call<Record<string, unknown>>(t.app, { method: 'POST', url, token: user.token, body });

  /** The code in the latest text to the number, read as the user reads it in the sandbox inbox. */
  async function codeSentTo(phone: string): Promise<string> {
    const response = await t.app.inject({ url: `/sandbox/sms?phone=${phone}` });
    expect(response.statusCode).toBe(200);
    return /验证码 (\d{6})/.exec(response.body)![1]!;
  }

  async function withBoundPhone(): Promise<TestUser & { phone: string }> {
    const user = await newUser(t);
    const phone = freshPhone();
    expect((await post(user, SEND, { purpose: 'bindPhone', phone })).body.code).toBe(0);
    const bound = await post(user, BIND, { phone, code: await codeSentTo(phone) });
    expect(bound.body.code).toBe(0);
    t.clock.advance(61);
    return { ...user, phone };
  }

  const securityLog = async (user: TestUser) =>
    (await call<{ list: { kind: string }[] }>(t.app, { url: LOG, token: user.token })).body.data
      .list;

  it('binds a phone with a code sent to it: masked answers, one minute between codes, used once', async () => {
    const user = await newUser(t);
    const phone = freshPhone();
    const sent = await post(user, SEND, { purpose: 'bindPhone', phone });
    expect(sent.body).toMatchObject({
      code: 0,
      data: {
        maskedPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
        expiresInSeconds: 300,
        resendAfterSeconds: 60,
        sandboxInboxUrl: `/sandbox/sms?phone=${phone}`,
      },
    });
    const again = await post(user, SEND, { purpose: 'bindPhone', phone });
    expect(again.body).toMatchObject({ code: 42901, data: { retryAfterSeconds: 60 } });

    const code = await codeSentTo(phone);
    const wrong = await post(user, BIND, { phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ code: 42280, data: { triesLeft: 4 } });
    // The code proves the number it went to, not another.
    const other = await post(user, BIND, { phone: freshPhone(), code });
    expect(other.body.code).toBe(42281);

    const bound = await post(user, BIND, { phone, code });
    expect(bound.body).toMatchObject({
      code: 0,
      data: { maskedPhone: expect.stringMatching(/\*{4}/) },
    });
    const row = await t.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(phone);
    expect((await post(user, BIND, { phone, code })).body.code).toBe(42281);
    expect((await securityLog(user)).map((e) => e.kind)).toEqual(['phoneBound']);
  });

  it('resets a locked pay password with a code to the bound phone, and logs it all', async () => {
    const user = await withBoundPhone();
    await setTestPayPassword(t, user.token, '258036');
    // Five wrong old passwords lock it.
    for (let i = 0; i < 5; i += 1) {
      await post(user, SET, {
        oldPassword: await encryptPassword(t, '111111'),
        password: await encryptPassword(t, '364725'),
      });
    }
    const locked = await post(user, SET, {
      oldPassword: await encryptPassword(t, '258036'),
      password: await encryptPassword(t, '364725'),
    });
    expect(locked.body.code).toBe(42207);
    // The user info says so up front (the pay sheet then offers WeChat Pay and the reset).
    const info = () =>
      call<{ payPasswordLockedUntil: string | null }>(t.app, {
        url: '/api/userInfo/getUserInfo',
        token: user.token,
      });
    const lockedUntil = (await info()).body.data.payPasswordLockedUntil;
    expect(Date.parse(lockedUntil!)).toBeGreaterThan(t.clock.now().getTime());

    expect((await post(user, SEND, { purpose: 'payPasswordReset' })).body.code).toBe(0);
    const code = await codeSentTo(user.phone);
    const weak = await post(user, RESET, { code, password: await encryptPassword(t, '123456') });
    expect(weak.body.code).toBe(42212);
    const reset = await post(user, RESET, { code, password: await encryptPassword(t, '907153') });
    expect(reset.body).toMatchObject({ code: 0, data: { hasPayPassword: true } });
    expect((await info()).body.data.payPasswordLockedUntil).toBeNull();

    // The lock is over and the new password is the one.
    const changed = await post(user, SET, {
      oldPassword: await encryptPassword(t, '907153'),
      password: await encryptPassword(t, '364725'),
    });
    expect(changed.body.code).toBe(0);
    expect((await securityLog(user)).map((e) => e.kind)).toEqual([
      'payPasswordChanged',
      'payPasswordReset',
      'payPasswordLocked',
      'payPasswordSet',
      'phoneBound',
    ]);
  });

  it('checks a reset code before the new password is typed: the try counts, the code stays good', async () => {
    const user = await withBoundPhone();
    await setTestPayPassword(t, user.token, '258036');
    expect((await post(user, SEND, { purpose: 'payPasswordReset' })).body.code).toBe(0);
    const code = await codeSentTo(user.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(user, CHECK, { purpose: 'payPasswordReset', code: wrongCode });
    expect(wrong.body).toMatchObject({ code: 42280, data: { triesLeft: 4 } });
    const right = await post(user, CHECK, { purpose: 'payPasswordReset', code });
    expect(right.body).toMatchObject({ code: 0, data: { isRight: true } });
    // A code of another purpose is not a reset code.
    const other = await post(user, CHECK, { purpose: 'firstPayPassword', code });
    expect(other.body.code).toBe(42281);
    // Checking did not use it: the reset takes it, once.
    const password = await encryptPassword(t, '907153');
    expect((await post(user, RESET, { code, password })).body.code).toBe(0);
    const again = await post(user, CHECK, { purpose: 'payPasswordReset', code });
    expect(again.body.code).toBe(42281);
  });

  it('refuses a reset without a bound phone, and bad numbers and codes, changing nothing', async () => {
    const user = await newUser(t);
    expect((await post(user, SEND, { purpose: 'payPasswordReset' })).body.code).toBe(42282);
    for (const body of [
      { purpose: 'bindPhone', phone: '12345678901' },
      { purpose: 'bindPhone', phone: '1380013800\u0000' },
      { purpose: 'bindPhone' },
      { purpose: 'somethingElse' },
    ]) {
      expect((await post(user, SEND, body)).body.code).toBe(40001);
    }
    const encrypted = await encryptPassword(t, '907153');
    expect((await post(user, RESET, { code: '12ab56', password: encrypted })).body.code).toBe(
      40001,
    );
    expect((await post(user, RESET, { code: '123456', password: encrypted })).body.code).toBe(
      42281,
    );
    const written = await t.db
      .selectFrom('phone_codes')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(written).toHaveLength(0);
  });

  it('ends a code after five wrong tries, even concurrent ones, and after five minutes', async () => {
    const user = await withBoundPhone();
    await post(user, SEND, { purpose: 'payPasswordReset' });
    const code = await codeSentTo(user.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const passwords = await Promise.all(
      Array.from({ length: 8 }, () => encryptPassword(t, '907153')),
    );
    const tries = await Promise.all(
      passwords.map((password) => post(user, RESET, { code: wrongCode, password })),
    );
    const codes = tries.map((r) => r.body.code).sort();
    expect(codes.filter((c) => c === 42280)).toHaveLength(5);
    expect(codes.filter((c) => c === 42281)).toHaveLength(3);
    const right = await post(user, RESET, { code, password: await encryptPassword(t, '907153') });
    expect(right.body.code).toBe(42281);

    t.clock.advance(61);
    await post(user, SEND, { purpose: 'payPasswordReset' });
    const late = await codeSentTo(user.phone);
    t.clock.advance(301);
    const expired = await post(user, RESET, {
      code: late,
      password: await encryptPassword(t, '907153'),
    });
    expect(expired.body.code).toBe(42281);
  });

  it('lets one of two concurrent resets with the same code through', async () => {
    const user = await withBoundPhone();
    await post(user, SEND, { purpose: 'payPasswordReset' });
    const code = await codeSentTo(user.phone);
    const answers = await Promise.all([
      post(user, RESET, { code, password: await encryptPassword(t, '907153') }),
      post(user, RESET, { code, password: await encryptPassword(t, '364725') }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 42281]);
    const resets = (await securityLog(user)).filter((e) => e.kind === 'payPasswordReset');
    expect(resets).toHaveLength(1);
  });

  it('sends at most ten codes a day, a new one ending the one before', async () => {
    const user = await newUser(t);
    const phone = freshPhone();
    const sends = [];
    for (let i = 0; i < 11; i += 1) {
      sends.push((await post(user, SEND, { purpose: 'bindPhone', phone })).body.code);
      t.clock.advance(61);
    }
    expect(sends).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42901]);
    const live = await t.db
      .selectFrom('phone_codes')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('expires_at', '>', t.clock.now())
      .execute();
    expect(live.length).toBeLessThanOrEqual(1);
  });
});
