import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createKeyring, decryptSecret, devKeyring, DEV_SECRETS_KEY } from '../../lib/secrets.js';
import {
  insertWechatSite,
  TEST_PLATFORM_KEYS,
  TEST_WECHAT,
} from '../../test-support/fake-wechat/test-credentials.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  addPlatformKey,
  assertWechatNotifyOrigins,
  createSiteResolver,
  platformKeyContext,
  resealAllSiteSecrets,
  retirePlatformKey,
} from './index.js';

const { certificate, publicKey } = TEST_PLATFORM_KEYS;

describeOnEachDatabase('WeChat Pay platform keys of a site', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const newSite = async () => {
    const { code } = await insertWechatSite(t.db, `pk-${randomBytes(4).toString('hex')}`);
    const { id } = await t.db
      .selectFrom('sites')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return { code, id };
  };
  const build = (keyring = devKeyring()) =>
    buildApp({
      database: t.database,
      logLevel: 'silent',
      webDist: null,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      secretsKeyring: keyring,
    });

  it('keeps several keys per site, encrypted and bound to site and serial; the resolver opens them', async () => {
    const site = await newSite();
    await addPlatformKey(t.db, site.id, certificate, devKeyring());
    const rows = await t.db
      .selectFrom('site_wechat_platform_keys')
      .select(['serial', 'public_key_pem'])
      .where('site_id', '=', site.id)
      .orderBy('serial')
      .execute();
    expect(rows.map((row) => row.serial)).toEqual([certificate.serial, publicKey.serial]);
    for (const row of rows) expect(row.public_key_pem).toMatch(/^enc:v1:dev:/);
    const resolved = await createSiteResolver(t.db).resolve(site.code);
    expect(
      [...resolved.wechatPayPlatformKeys].sort((a, b) => a.serial.localeCompare(b.serial)),
    ).toEqual([certificate, publicKey]);
  });

  it('retires a key (the resolver leaves it out), but never the last one usable now', async () => {
    const site = await newSite();
    const now = new Date();
    await expect(
      t.db.transaction().execute((trx) => retirePlatformKey(trx, site.id, publicKey.serial, now)),
    ).rejects.toThrow(/last platform key usable now: add its successor/);
    await addPlatformKey(t.db, site.id, certificate, devKeyring());
    await t.db
      .transaction()
      .execute((trx) => retirePlatformKey(trx, site.id, publicKey.serial.toLowerCase(), now));
    const resolved = await createSiteResolver(t.db).resolve(site.code);
    expect(resolved.wechatPayPlatformKeys.map((key) => key.serial)).toEqual([certificate.serial]);
    await expect(
      t.db.transaction().execute((trx) => retirePlatformKey(trx, site.id, 'PUB_KEY_ID_NONE', now)),
    ).rejects.toThrow(/no platform key PUB_KEY_ID_NONE in use/);
  });

  it('retires only one of the last two keys when two retirements race', async () => {
    const site = await newSite();
    await addPlatformKey(t.db, site.id, certificate, devKeyring());
    const now = new Date();
    const outcomes = await Promise.allSettled(
      [certificate.serial, publicKey.serial].map((serial) =>
        t.db.transaction().execute((trx) => retirePlatformKey(trx, site.id, serial, now)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const resolved = await createSiteResolver(t.db).resolve(site.code);
    expect(resolved.wechatPayPlatformKeys).toHaveLength(1);
  });

  it('refuses to start with a key not added through site:wechat, and a running server ignores it', async () => {
    const site = await newSite();
    await t.db
      .insertInto('site_wechat_platform_keys')
      .values({
        site_id: site.id,
        serial: certificate.serial,
        public_key_pem: TEST_WECHAT.merchantPublicKey,
        valid_from: new Date('2020-01-01T00:00:00Z'),
      })
      .execute();
    await expect(build()).rejects.toThrow(
      new RegExp(`site ${site.code} platform key ${certificate.serial} was not added by`),
    );
    const resolved = await createSiteResolver(t.db).resolve(site.code);
    expect(resolved.wechatPayPlatformKeys.map((key) => key.serial)).toEqual([publicKey.serial]);
    // Another site's sealed key copied over does not open either.
    const other = await newSite();
    const { public_key_pem } = await t.db
      .selectFrom('site_wechat_platform_keys')
      .select('public_key_pem')
      .where('site_id', '=', other.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('site_wechat_platform_keys')
      .set({ public_key_pem })
      .where('site_id', '=', site.id)
      .execute();
    await expect(build()).rejects.toThrow(
      new RegExp(`site ${site.code} platform key .*does not open`),
    );
    await t.db.deleteFrom('sites').where('id', 'in', [site.id, other.id]).execute();
  });

  it('moves the platform keys to a new secrets key with the other secrets', async () => {
    const site = await newSite();
    const newKey = `k3:${randomBytes(32).toString('base64')}`;
    const rotated = createKeyring(newKey, [DEV_SECRETS_KEY]);
    await t.db.transaction().execute((trx) => resealAllSiteSecrets(trx, rotated));
    const resolved = await createSiteResolver(t.db, createKeyring(newKey)).resolve(site.code);
    expect(resolved.wechatPayPlatformKeys).toEqual([publicKey]);
    await t.db
      .transaction()
      .execute((trx) => resealAllSiteSecrets(trx, createKeyring(DEV_SECRETS_KEY, [newKey])));
  });

  it('refuses to start in production while a WeChat site has a public origin WeChat cannot call', async () => {
    const site = await newSite();
    for (const origin of ['http://www.cinema.example', 'https://www.cinema.example:8443']) {
      await t.db
        .updateTable('sites')
        .set({ public_origin: origin })
        .where('id', '=', site.id)
        .execute();
      await expect(assertWechatNotifyOrigins(t.db, true)).rejects.toThrow(
        new RegExp(`site ${site.code}: ${origin.replace(/[.:/]/g, '\\$&')}`),
      );
      await assertWechatNotifyOrigins(t.db, false);
    }
    await t.db
      .updateTable('sites')
      .set({ public_origin: 'https://www.cinema.example' })
      .where('id', '=', site.id)
      .execute();
    await assertWechatNotifyOrigins(t.db, true);
  });
});

describe('migration 0047', () => {
  it("moves each site's one platform key into the set, encrypted, and drops the old columns", async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrateToLatest(database.db, { until: '0046-order-channel' });
      const siteId = '00000000-0000-0000-0000-0000000000a1';
      const certificateSiteId = '00000000-0000-0000-0000-0000000000a2';
      await sql`insert into sites (id, code, name, messenger_mode, wechat_app_id,
          wechat_pay_platform_serial, wechat_pay_platform_public_key, created_at)
        values
          (${siteId}, 'old-pub', 'Old', 'sandbox', 'wxold1', ${publicKey.serial},
            ${publicKey.publicKeyPem}, '2025-03-01T00:00:00Z'),
          (${certificateSiteId}, 'old-cert', 'Old', 'sandbox', 'wxold2', ${certificate.serial},
            ${certificate.publicKeyPem}, '2025-03-01T00:00:00Z'),
          ('00000000-0000-0000-0000-0000000000a3', 'no-key', 'None', 'sandbox', 'wxold3', null,
            null, '2025-03-01T00:00:00Z')`.execute(database.db);
      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom('site_wechat_platform_keys')
        .selectAll()
        .orderBy('serial')
        .execute();
      expect(rows.map((row) => [row.site_id, row.serial, row.valid_from, row.valid_until])).toEqual(
        [
          [certificateSiteId, certificate.serial, certificate.validFrom, certificate.validUntil],
          [siteId, publicKey.serial, new Date('2025-03-01T00:00:00Z'), null],
        ],
      );
      expect(
        decryptSecret(
          devKeyring(),
          rows[1]!.public_key_pem,
          platformKeyContext(siteId, publicKey.serial),
        ),
      ).toBe(publicKey.publicKeyPem);
      const { rows: columns } = await sql<{ column_name: string }>`select column_name
        from information_schema.columns
        where table_name = 'sites' and column_name like 'wechat_pay_platform%'`.execute(
        database.db,
      );
      expect(columns).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
