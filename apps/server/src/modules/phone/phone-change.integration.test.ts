import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';

const SEND = '/api/userInfo/phoneCode/send';
const PROVE = '/api/userInfo/phone/proveOld';
const BIND = '/api/userInfo/phone/bind';
const RESET = '/api/userInfo/card/resetPassword';
const LOG = '/api/userInfo/card/securityLog';

let phoneCursor = 0;
/** A mobile number no other test of this run uses. */
const freshPhone = () =>
  `136${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCursor++).padStart(4, '0')}`;
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
/** An instant as China time `YYYY-MM-DD HH:mm`, worked out here apart from the server's helper. */
const chinaTime = (at: number) => {
  const local = new Date(at + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
};

describeOnEachDatabase('changing the bound phone needs the old one', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (user: TestUser, url: string, body: unknown) =>
    call<Record<string, unknown>>(t.app, { method: 'POST', url, token: user.token, body });

  /** The texts to a number, newest first, read as the sandbox inbox shows them. */
  async function textsTo(phone: string): Promise<string[]> {
    const response = await t.app.inject({ url: `/sandbox/sms?phone=${phone}` });
    expect(response.statusCode).toBe(200);
    return [...response.body.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]!);
  }
  async function codeSentTo(phone: string): Promise<string> {
    const latest = (await textsTo(phone)).find((text) => text.includes('验证码'));
    return /验证码 (\d{6})/.exec(latest ?? '')![1]!;
  }
  const boundPhone = async (user: TestUser) =>
    (
      await t.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).phone;
  const securityLog = async (user: TestUser) =>
    (
      await call<{
        list: { kind: string; maskedPhone: string | null; maskedPreviousPhone: string | null }[];
      }>(t.app, { url: LOG, token: user.token })
    ).body.data.list;

  /** A user with phone A bound and a pay password, as the owner set them up. */
  async function owner(): Promise<TestUser & { phone: string }> {
    const user = await newUser(t);
    const phone = freshPhone();
    expect((await post(user, SEND, { purpose: 'bindPhone', phone })).body.code).toBe(0);
    const bound = await post(user, BIND, { phone, code: await codeSentTo(phone) });
    expect(bound.body).toMatchObject({ code: 0, data: { payPasswordResetOpensAt: null } });
    await setTestPayPassword(t, user.token, '258036');
    t.clock.advance(61);
    return { ...user, phone };
  }

  /** Bind `phone` with a code texted to it, and `proof` when given. */
  async function bindTo(user: TestUser, phone: string, proof?: string) {
    expect((await post(user, SEND, { purpose: 'bindPhone', phone })).body.code).toBe(0);
    const code = await codeSentTo(phone);
    return post(user, BIND, { phone, code, ...(proof ? { proof } : {}) });
  }

  it('refuses to re-bind to another number with only the session: the reset code still goes to the old phone', async () => {
    const user = await owner();
    const attackers = freshPhone();
    const rebind = await bindTo(user, attackers);
    expect(rebind.body.code).toBe(42283);
    expect(rebind.status).toBe(403);
    expect(await boundPhone(user)).toBe(user.phone);
    // The code to the attacker's number stays unused: nothing was half done.
    const proofs = await t.db
      .selectFrom('phone_change_proofs')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(proofs).toHaveLength(0);
    const resetCode = await post(user, SEND, { purpose: 'payPasswordReset' });
    expect(resetCode.body).toMatchObject({ code: 0, data: { maskedPhone: masked(user.phone) } });
    // A made-up proof is no proof.
    t.clock.advance(61);
    expect((await bindTo(user, attackers, 'x'.repeat(43))).body.code).toBe(42283);
    expect((await securityLog(user)).map((e) => e.kind)).toEqual(['payPasswordSet', 'phoneBound']);
  });

  it('changes the phone with a code to the old number: the old number is told, SMS resets wait 24 hours, all logged', async () => {
    const user = await owner();
    const sent = await post(user, SEND, { purpose: 'changePhone' });
    expect(sent.body).toMatchObject({ code: 0, data: { maskedPhone: masked(user.phone) } });
    const oldCode = await codeSentTo(user.phone);
    expect((await textsTo(user.phone))[0]).toContain('验证原手机号');
    const proved = await post(user, PROVE, { code: oldCode });
    expect(proved.body).toMatchObject({
      code: 0,
      data: { expiresInSeconds: 600, maskedPhone: masked(user.phone) },
    });
    const proof = (proved.body.data as { proof: string }).proof;
    // The code is used: it proves once.
    expect((await post(user, PROVE, { code: oldCode })).body.code).toBe(42281);

    const next = freshPhone();
    const changedAt = t.clock.now().getTime();
    const bound = await bindTo(user, next, proof);
    const opensAt = changedAt + 24 * 3600_000;
    expect(bound.body).toMatchObject({
      code: 0,
      data: { maskedPhone: masked(next), payPasswordResetOpensAt: new Date(opensAt).toISOString() },
    });
    expect(await boundPhone(user)).toBe(next);
    const toldOld = (await textsTo(user.phone))[0]!;
    expect(toldOld).toContain(`更换为 ${masked(next)}`);
    expect(toldOld).toContain(chinaTime(changedAt).slice(5));

    // Within 24 hours no reset by SMS: neither the code nor the reset, saying until when.
    t.clock.advance(23 * 3600);
    const held = await post(user, SEND, { purpose: 'payPasswordReset' });
    expect(held.status).toBe(423);
    expect(held.body).toMatchObject({
      code: 42284,
      data: { opensAt: new Date(opensAt).toISOString(), opensAtText: chinaTime(opensAt) },
    });
    expect(held.body.msg).toContain(`${chinaTime(opensAt)}（北京时间）`);
    const reset = await post(user, RESET, {
      code: '123456',
      password: await encryptPassword(t, '907153'),
    });
    expect(reset.body.code).toBe(42284);
    expect((await textsTo(next)).filter((text) => text.includes('重置支付密码'))).toHaveLength(0);

    // After it, the reset works through the new number (in a new session: a day has passed).
    t.clock.advance(3600 + 1);
    user.token = await signIn(t.app, user.openid);
    expect((await post(user, SEND, { purpose: 'payPasswordReset' })).body.code).toBe(0);
    const done = await post(user, RESET, {
      code: await codeSentTo(next),
      password: await encryptPassword(t, '907153'),
    });
    expect(done.body.code).toBe(0);

    const log = await securityLog(user);
    expect(log.map((e) => e.kind)).toEqual([
      'payPasswordReset',
      'payPasswordResetRefused',
      'payPasswordResetRefused',
      'phoneChanged',
      'payPasswordSet',
      'phoneBound',
    ]);
    expect(log[3]).toMatchObject({
      maskedPhone: masked(next),
      maskedPreviousPhone: masked(user.phone),
    });
  });

  it('changes the phone with the pay password; wrong ones count, and a proof works once for the phone it proved', async () => {
    const user = await owner();
    const wrong = await post(user, PROVE, { payPassword: await encryptPassword(t, '111111') });
    expect(wrong.body).toMatchObject({ code: 42206, data: { triesLeft: 4 } });
    const proved = await post(user, PROVE, { payPassword: await encryptPassword(t, '258036') });
    expect(proved.body.code).toBe(0);
    const proof = (proved.body.data as { proof: string }).proof;

    const next = freshPhone();
    expect((await bindTo(user, next, proof)).body.code).toBe(0);
    t.clock.advance(61);
    // Used: the same proof does not change the phone again.
    expect((await bindTo(user, freshPhone(), proof)).body.code).toBe(42283);
    expect(await boundPhone(user)).toBe(next);
    // The new number's owner is told nothing; the old one is.
    expect((await textsTo(user.phone))[0]).toContain(masked(next));
  });

  it('ends a proof after ten minutes, and after the phone it proved changed', async () => {
    const user = await owner();
    const prove = async () =>
      (
        (await post(user, PROVE, { payPassword: await encryptPassword(t, '258036') })).body
          .data as { proof: string }
      ).proof;
    const late = await prove();
    t.clock.advance(601);
    expect((await bindTo(user, freshPhone(), late)).body.code).toBe(42283);

    const first = await prove();
    const second = await prove();
    t.clock.advance(61);
    expect((await bindTo(user, freshPhone(), first)).body.code).toBe(0);
    t.clock.advance(61);
    // `second` proved the phone that is no longer bound.
    expect((await bindTo(user, freshPhone(), second)).body.code).toBe(42283);
  });

  it('lets one of two binds racing with one proof through', async () => {
    const user = await owner();
    const proved = await post(user, PROVE, { payPassword: await encryptPassword(t, '258036') });
    const proof = (proved.body.data as { proof: string }).proof;
    const b = freshPhone();
    // One bind code is live at a time per account: the second send retires the first, so the
    // race is on the proof with the same code twice.
    expect((await post(user, SEND, { purpose: 'bindPhone', phone: b })).body.code).toBe(0);
    const code = await codeSentTo(b);
    const answers = await Promise.all([
      post(user, BIND, { phone: b, code, proof }),
      post(user, BIND, { phone: b, code, proof }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 42281]);
    expect(await boundPhone(user)).toBe(b);
    expect((await securityLog(user)).filter((e) => e.kind === 'phoneChanged')).toHaveLength(1);
    expect((await textsTo(user.phone)).filter((x) => x.includes('更换为'))).toHaveLength(1);
  });

  it('never lets a reset through after a phone change it raced with', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await owner();
      // A reset code to the old phone, asked for before the change.
      expect((await post(user, SEND, { purpose: 'payPasswordReset' })).body.code).toBe(0);
      const resetCode = await codeSentTo(user.phone);
      const proved = await post(user, PROVE, { payPassword: await encryptPassword(t, '258036') });
      const proof = (proved.body.data as { proof: string }).proof;
      const next = freshPhone();
      expect((await post(user, SEND, { purpose: 'bindPhone', phone: next })).body.code).toBe(0);
      const bindCode = await codeSentTo(next);
      const password = await encryptPassword(t, '907153');
      const [bound, reset] = await Promise.all([
        post(user, BIND, { phone: next, code: bindCode, proof }),
        post(user, RESET, { code: resetCode, password }),
      ]);
      expect(bound.body.code).toBe(0);
      expect([0, 42284]).toContain(reset.body.code);
      const kinds = (await securityLog(user)).map((e) => e.kind);
      // Newest first: a reset that went through came before the change, never after it.
      if (reset.body.code === 0) {
        expect(kinds.indexOf('payPasswordReset')).toBeGreaterThan(kinds.indexOf('phoneChanged'));
      } else {
        expect(kinds).not.toContain('payPasswordReset');
      }
    }
  });

  it('holds SMS resets after a first phone is bound to an account that already has a pay password', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, '258036');
    const phone = freshPhone();
    const bound = await bindTo(user, phone);
    expect(bound.body.code).toBe(0);
    expect(
      (bound.body.data as { payPasswordResetOpensAt: string | null }).payPasswordResetOpensAt,
    ).not.toBeNull();
    expect((await post(user, SEND, { purpose: 'payPasswordReset' })).body.code).toBe(42284);
    // A changePhone code needs a bound phone to go to.
    const unbound = await newUser(t);
    expect((await post(unbound, SEND, { purpose: 'changePhone' })).body.code).toBe(42282);
    expect((await post(unbound, PROVE, { code: '123456' })).body.code).toBe(42282);
  });
});
