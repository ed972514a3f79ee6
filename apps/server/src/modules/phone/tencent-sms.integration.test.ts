import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { decryptSecret, devKeyring, isEncrypted } from '../../lib/secrets.js';
import { FakeTencentSms } from '../../test-support/fake-tencent-sms/fake-tencent-sms-server.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import {
  insertWechatSite,
  switchDemoSiteToWechat,
} from '../../test-support/fake-wechat/test-credentials.js';
import { call, createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { resealAllSiteSecrets, sealSiteSecrets, siteSecretContext } from '../site/index.js';
import { tencentSmsSettings } from './sms-settings.js';

const SEND = '/api/userInfo/phoneCode/send';
const BIND = '/api/userInfo/phone/bind';

/** TEST values only: the fake Tencent SMS knows this key, application, sign and template. */
const ACCOUNT = {
  secretId: 'AKIDtestSmsKey0000000000000000000001',
  secretKey: 'testSmsSecretKey0000000000000001',
  sdkAppId: '1400006666',
  signName: '影城测试',
  templateId: '1110',
  region: 'ap-guangzhou',
};
/** The notification template telling an old number its binding changed: when, the new number. */
const NOTICE_TEMPLATE = '1111';
const TEMPLATES = { [ACCOUNT.templateId]: 2, [NOTICE_TEMPLATE]: 2 };

let phoneCursor = 0;
const freshPhone = () =>
  `137${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCursor++).padStart(4, '0')}`;

/**
 * Codes by Tencent Cloud SMS on a WeChat site (decision 032), against the fake Tencent SMS, which
 * checks every request's TC3 signature: the template gets the code and its minutes; Tencent's
 * error codes become ours; a refused message does not count towards the limits, one without an
 * answer does. The sandbox path is phone-codes.integration.test.ts.
 */
describeOnEachDatabase('SMS codes through Tencent Cloud SMS', (kind) => {
  let t: TestApp;
  let wechat: FakeWechatServer;
  let sms: FakeTencentSms;
  let appId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    wechat = await FakeWechatServer.start(clock);
    sms = await FakeTencentSms.start(clock);
    t = await createTestApp(kind, {
      clock,
      wechat: { apiBase: wechat.baseUrl, payBase: wechat.baseUrl },
      tencentCloud: { smsEndpoint: sms.endpoint, timeoutMs: 300 },
    });
    appId = await switchDemoSiteToWechat(t.db, wechat);
    // What `npm run site:sms` writes: checked settings, the secret key sealed.
    const settings = tencentSmsSettings({ ...ACCOUNT, noticeTemplateId: NOTICE_TEMPLATE });
    const site = await t.db
      .selectFrom('sites')
      .select('id')
      .where('code', '=', 'www-test')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sites')
      .set(sealSiteSecrets(site.id, settings.columns!, devKeyring()))
      .where('id', '=', site.id)
      .execute();
    sms.addAccount({ ...ACCOUNT, templates: TEMPLATES });
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
    await wechat?.close();
  });
  beforeEach(() => {
    sms.setFault(null);
    sms.blockedPhones.clear();
    sms.addAccount({ ...ACCOUNT, templates: TEMPLATES });
  });

  let n = 0;
  async function wechatUser(site?: { code: string; appId: string }) {
    n += 1;
    const openid = `o-sms-${kind}-${n}`;
    const code = wechat.issueCode(site?.appId ?? appId, { openid, nickname: `短信${n}` });
    const { body } = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      site: site?.code,
      body: { code },
      remoteAddress: `10.9.${n}.1`,
    });
    expect(body.code).toBe(0);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('openid', '=', openid)
      .executeTakeFirstOrThrow();
    return { token: body.data.token, id: user.id, site: site?.code };
  }

  const post = (user: { token: string; site?: string }, url: string, body: unknown) =>
    call<Record<string, unknown>>(t.app, {
      method: 'POST',
      url,
      token: user.token,
      site: user.site,
      body,
    });

  const codesOf = (userId: string) =>
    t.db
      .selectFrom('phone_codes')
      .select(['send_failed_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  it('sends the code with the approved sign and template, signed as Tencent checks, and it works', async () => {
    const user = await wechatUser();
    const phone = freshPhone();
    const verified = sms.verifiedSignatures;
    const sent = await post(user, SEND, { purpose: 'bindPhone', phone });
    expect(sent.body).toMatchObject({ code: 0, data: { sandboxInboxUrl: null } });
    expect(sms.verifiedSignatures).toBe(verified + 1);
    const message = sms.sent.at(-1)!;
    expect(message).toMatchObject({
      phone,
      sdkAppId: ACCOUNT.sdkAppId,
      signName: ACCOUNT.signName,
      templateId: ACCOUNT.templateId,
      region: 'ap-guangzhou',
      params: [expect.stringMatching(/^\d{6}$/), '5'],
    });
    // Nothing went to the sandbox's stand-in.
    const inbox = await t.db
      .selectFrom('sms_messages')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(inbox).toHaveLength(0);

    const bound = await post(user, BIND, { phone, code: message.params[0] });
    expect(bound.body.code).toBe(0);
    clock.advance(61);
    const reset = await post(user, SEND, { purpose: 'payPasswordReset' });
    expect(reset.body.code).toBe(0);
    expect(sms.sent.at(-1)!.phone).toBe(phone);
  });

  it('texts the old number through the notification template when the phone changes', async () => {
    const user = await wechatUser();
    const old = freshPhone();
    await post(user, SEND, { purpose: 'bindPhone', phone: old });
    expect(
      (await post(user, BIND, { phone: old, code: sms.sent.at(-1)!.params[0] })).body.code,
    ).toBe(0);
    clock.advance(61);
    expect((await post(user, SEND, { purpose: 'changePhone' })).body.code).toBe(0);
    const proveCode = sms.sent.at(-1)!;
    expect(proveCode).toMatchObject({ phone: old, templateId: ACCOUNT.templateId });
    const proved = await post(user, '/api/userInfo/phone/proveOld', { code: proveCode.params[0] });
    const proof = (proved.body.data as { proof: string }).proof;
    const next = freshPhone();
    await post(user, SEND, { purpose: 'bindPhone', phone: next });
    const changedAt = clock.now();
    const bound = await post(user, BIND, { phone: next, code: sms.sent.at(-1)!.params[0], proof });
    expect(bound.body.code).toBe(0);
    const local = new Date(changedAt.getTime() + 8 * 3600_000).toISOString();
    expect(sms.sent.at(-1)).toMatchObject({
      phone: old,
      templateId: NOTICE_TEMPLATE,
      params: [
        `${local.slice(5, 10)} ${local.slice(11, 16)}`,
        `${next.slice(0, 3)}****${next.slice(-4)}`,
      ],
    });
  });

  it("maps Tencent's error codes to ours, and a refused message neither works nor counts", async () => {
    const user = await wechatUser();
    const phone = freshPhone();
    const send = async () => (await post(user, SEND, { purpose: 'bindPhone', phone })).body;

    sms.blockedPhones.add(phone);
    expect(await send()).toMatchObject({ code: 42355 });
    sms.blockedPhones.clear();

    sms.setFault({ kind: 'status', code: 'LimitExceeded.PhoneNumberDailyLimit', times: 1 });
    const limited = await send();
    expect(limited.code).toBe(42901);
    const wait = (limited.data as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(86_400);

    sms.setFault({
      kind: 'error',
      code: 'FailedOperation.TemplateIncorrectOrUnapproved',
      times: 1,
    });
    expect(await send()).toMatchObject({ code: 50204 });
    sms.setFault({ kind: 'error', code: 'InternalError.OtherError', times: 1 });
    expect(await send()).toMatchObject({ code: 50206 });

    // A wrong secret key: the fake recomputes the signature and refuses it.
    sms.addAccount({ ...ACCOUNT, secretKey: 'anotherKey000000000000000000000', templates: {} });
    const verified = sms.verifiedSignatures;
    expect(await send()).toMatchObject({ code: 50204 });
    expect(sms.verifiedSignatures).toBe(verified);
    sms.addAccount({ ...ACCOUNT, templates: TEMPLATES });

    // Five refusals within a minute, and the next code still goes out at once.
    const refused = await codesOf(user.id);
    expect(refused).toHaveLength(5);
    for (const row of refused) {
      expect(row.send_failed_at).not.toBeNull();
      expect(row.expires_at.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    }
    const sentBefore = sms.sent.length;
    expect(await send()).toMatchObject({ code: 0 });
    expect(sms.sent).toHaveLength(sentBefore + 1);
  });

  it('answers 50205 when Tencent does not answer in time, and that code counts: it may arrive', async () => {
    const user = await wechatUser();
    const phone = freshPhone();
    sms.setFault({ kind: 'hang', times: 1 });
    const started = Date.now();
    const timedOut = await post(user, SEND, { purpose: 'bindPhone', phone });
    expect(timedOut.body).toMatchObject({ code: 50205, data: { retryAfterSeconds: 60 } });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [row] = await codesOf(user.id);
    expect(row!.send_failed_at).toBeNull();
    expect(row!.expires_at.getTime()).toBeGreaterThan(clock.now().getTime());
    // The usual minute between codes applies to it.
    expect((await post(user, SEND, { purpose: 'bindPhone', phone })).body.code).toBe(42901);

    clock.advance(61);
    sms.setFault({ kind: 'http', status: 502, times: 1 });
    expect((await post(user, SEND, { purpose: 'bindPhone', phone })).body.code).toBe(50205);
  });

  it('keeps the secret key encrypted at rest, bound to its site; one written plain is encrypted at start', async () => {
    const stored = () =>
      t.db
        .selectFrom('sites')
        .select(['id', 'sms_secret_key'])
        .where('code', '=', 'www-test')
        .executeTakeFirstOrThrow();
    const site = await stored();
    expect(isEncrypted(site.sms_secret_key!)).toBe(true);
    expect(site.sms_secret_key).not.toContain(ACCOUNT.secretKey);
    const context = siteSecretContext(site.id, 'sms_secret_key');
    expect(decryptSecret(devKeyring(), site.sms_secret_key!, context)).toBe(ACCOUNT.secretKey);

    await t.db
      .updateTable('sites')
      .set({ sms_secret_key: ACCOUNT.secretKey })
      .where('id', '=', site.id)
      .execute();
    await t.db
      .transaction()
      .execute((trx) => resealAllSiteSecrets(trx, devKeyring(), { plaintextOnly: true }));
    const resealed = (await stored()).sms_secret_key!;
    expect(isEncrypted(resealed)).toBe(true);
    expect(decryptSecret(devKeyring(), resealed, context)).toBe(ACCOUNT.secretKey);
  });

  it('refuses with 50203 on a WeChat site without an SMS provider, writing no code', async () => {
    const site = await insertWechatSite(t.db, `nosms-${kind}`);
    wechat.registerApp(site.appId);
    const user = await wechatUser(site);
    const answer = await post(user, SEND, { purpose: 'bindPhone', phone: freshPhone() });
    expect(answer.body.code).toBe(50203);
    expect(await codesOf(user.id)).toHaveLength(0);
  });
});
