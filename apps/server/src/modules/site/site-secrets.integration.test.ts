import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createKeyring, devKeyring, DEV_SECRETS_KEY } from '../../lib/secrets.js';
import { insertWechatSite, TEST_WECHAT } from '../../test-support/fake-wechat/test-credentials.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createSiteResolver, resealAllSiteSecrets } from './index.js';

const newKey = `k2:${randomBytes(32).toString('base64')}`;

describeOnEachDatabase('WeChat secrets at rest', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const stored = (code: string) =>
    t.db
      .selectFrom('sites')
      .select(['id', 'wechat_app_secret', 'wechat_pay_private_key', 'wechat_pay_api_v3_key'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
  const newCode = () => `sec-${randomBytes(4).toString('hex')}`;
  const build = (keyring = devKeyring()) =>
    buildApp({
      database: t.database,
      logLevel: 'silent',
      webDist: null,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      secretsKeyring: keyring,
    });

  it('stores the three secrets encrypted and the site resolver opens them', async () => {
    const { code } = await insertWechatSite(t.db, newCode());
    const row = await stored(code);
    for (const value of [
      row.wechat_app_secret,
      row.wechat_pay_private_key,
      row.wechat_pay_api_v3_key,
    ]) {
      expect(value).toMatch(/^enc:v1:dev:/);
    }
    expect(JSON.stringify(row)).not.toContain(TEST_WECHAT.apiV3Key);
    const site = await createSiteResolver(t.db).resolve(code);
    expect(site).toMatchObject({
      wechat_app_secret: TEST_WECHAT.appSecret,
      wechat_pay_private_key: TEST_WECHAT.merchantPrivateKey,
      wechat_pay_api_v3_key: TEST_WECHAT.apiV3Key,
    });
  });

  it('encrypts values written in plain text with SQL, as the migration and every start do', async () => {
    const { code } = await insertWechatSite(t.db, newCode());
    await t.db
      .updateTable('sites')
      .set({ wechat_app_secret: 'written-with-sql' })
      .where('code', '=', code)
      .execute();
    // Until then the plain text is used as it is.
    expect((await createSiteResolver(t.db).resolve(code)).wechat_app_secret).toBe(
      'written-with-sql',
    );
    const count = await t.db
      .transaction()
      .execute((trx) => resealAllSiteSecrets(trx, devKeyring(), { plaintextOnly: true }));
    expect(count.encrypted).toBe(1);
    expect((await stored(code)).wechat_app_secret).toMatch(/^enc:v1:dev:/);
    expect((await createSiteResolver(t.db).resolve(code)).wechat_app_secret).toBe(
      'written-with-sql',
    );
  });

  it('rotates to a new key: every value moves, the old key is then no longer needed', async () => {
    const { code } = await insertWechatSite(t.db, newCode());
    const rotated = createKeyring(newKey, [DEV_SECRETS_KEY]);
    const count = await t.db.transaction().execute((trx) => resealAllSiteSecrets(trx, rotated));
    expect(count.reencrypted).toBeGreaterThanOrEqual(3);
    expect(count.encrypted).toBe(0);
    const row = await stored(code);
    expect(row.wechat_pay_api_v3_key).toMatch(/^enc:v1:k2:/);
    const newOnly = createKeyring(newKey);
    expect((await createSiteResolver(t.db, newOnly).resolve(code)).wechat_pay_api_v3_key).toBe(
      TEST_WECHAT.apiV3Key,
    );
    // Running it again changes nothing.
    const again = await t.db.transaction().execute((trx) => resealAllSiteSecrets(trx, rotated));
    expect(again).toMatchObject({ encrypted: 0, reencrypted: 0 });

    // Without the new key the server refuses to start, naming the site and the key.
    await expect(build(devKeyring())).rejects.toThrow(
      new RegExp(`site ${code}: .*encrypted with key "k2"`),
    );
    const app = await build(newOnly);
    await app.close();
    // Back to the development key, so other tests' apps start.
    await t.db
      .transaction()
      .execute((trx) => resealAllSiteSecrets(trx, createKeyring(DEV_SECRETS_KEY, [newKey])));
  });

  it('refuses a value copied to another site: secrets are bound to their row', async () => {
    const first = await insertWechatSite(t.db, newCode());
    const second = await insertWechatSite(t.db, newCode());
    const copied = (await stored(first.code)).wechat_pay_api_v3_key;
    await t.db
      .updateTable('sites')
      .set({ wechat_pay_api_v3_key: copied })
      .where('code', '=', second.code)
      .execute();
    await expect(build()).rejects.toThrow(new RegExp(`site ${second.code}: .*does not open`));
    // A running server leaves the value out instead of using it.
    expect((await createSiteResolver(t.db).resolve(second.code)).wechat_pay_api_v3_key).toBeNull();
    await t.db.deleteFrom('sites').where('code', '=', second.code).execute();
  });
});
