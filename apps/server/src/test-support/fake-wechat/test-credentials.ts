import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WechatPlatformKey } from '../../lib/wechat/platform-keys.js';
import type { SiteRow } from '../../modules/site/index.js';
import { devKeyring } from '../../lib/secrets.js';
import { addPlatformKey, sealSiteSecrets } from '../../modules/site/index.js';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** TEST credentials of a WeChat site and its merchant, known to the fake WeChat server. */
export const TEST_WECHAT = {
  appSecret: 'test-app-secret-not-a-real-one',
  mchid: '1230000109',
  merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  merchantPrivateKey: fixture('test-merchant-private-key.pem'),
  merchantPublicKey: fixture('test-merchant-public-key.pem'),
  apiV3Key: 'MarqueeTestApiV3Key0123456789abc',
  platformSerial: 'PUB_KEY_ID_0112340000000000000000000000',
  platformPrivateKey: fixture('test-platform-private-key.pem'),
  platformPublicKey: fixture('test-platform-public-key.pem'),
  /** A second platform key: a platform certificate (valid 2020–2040), as before a public key. */
  certificateSerial: '7132D72A03E93CDDF8C03BBD1F37EEDF6F7A1F2B',
  certificatePrivateKey: fixture('test-platform-certificate-private-key.pem'),
  certificatePem: fixture('test-platform-certificate.pem'),
} as const;

/** The site's one platform key of the tests: the public key, valid since 2020, without an end. */
async function addTestPlatformKey(db: Kysely<Database>, siteId: string): Promise<void> {
  await addPlatformKey(
    db,
    siteId,
    {
      serial: TEST_WECHAT.platformSerial,
      publicKeyPem: TEST_WECHAT.platformPublicKey,
      validFrom: new Date('2020-01-01T00:00:00Z'),
      validUntil: null,
    },
    devKeyring(),
  );
}

/**
 * Insert a site that uses WeChat (not the sandbox) with the test credentials, its secrets
 * encrypted with the development key as the apps of the tests read them.
 */
export async function insertWechatSite(
  db: Kysely<Database>,
  code: string,
): Promise<{ code: string; appId: string }> {
  const appId = `wx${code.replace(/[^a-z0-9]/g, '').slice(0, 16)}`;
  const id = randomUUID();
  const secrets = sealSiteSecrets(
    id,
    {
      wechat_app_secret: TEST_WECHAT.appSecret,
      wechat_pay_private_key: TEST_WECHAT.merchantPrivateKey,
      wechat_pay_api_v3_key: TEST_WECHAT.apiV3Key,
    },
    devKeyring(),
  );
  await db
    .insertInto('sites')
    .values({
      id,
      code,
      name: `WeChat ${code}`,
      messenger_mode: 'wechat',
      wechat_app_id: appId,
      ...secrets,
      wechat_mch_id: TEST_WECHAT.mchid,
      wechat_pay_serial_no: TEST_WECHAT.merchantSerialNo,
    })
    .execute();
  await addTestPlatformKey(db, id);
  return { code, appId };
}

/**
 * Switch the demo site to WeChat with the test credentials (what README "Switching a site to real
 * WeChat" has an operator do) and introduce its app to the fake WeChat. Answers the app id.
 */
export async function switchDemoSiteToWechat(
  db: Kysely<Database>,
  fake: { registerApp(appId: string): void },
): Promise<string> {
  const site = await db
    .updateTable('sites')
    .set({
      messenger_mode: 'wechat',
      wechat_app_secret: TEST_WECHAT.appSecret,
      wechat_mch_id: TEST_WECHAT.mchid,
      wechat_pay_serial_no: TEST_WECHAT.merchantSerialNo,
      wechat_pay_private_key: TEST_WECHAT.merchantPrivateKey,
      wechat_pay_api_v3_key: TEST_WECHAT.apiV3Key,
    })
    .where('code', '=', 'www-test')
    .returning(['id', 'wechat_app_id'])
    .executeTakeFirstOrThrow();
  await addTestPlatformKey(db, site.id);
  fake.registerApp(site.wechat_app_id);
  return site.wechat_app_id;
}

/** The platform keys of the tests as a site holds them: the public key, the certificate or both. */
export const TEST_PLATFORM_KEYS = {
  publicKey: {
    serial: TEST_WECHAT.platformSerial,
    publicKeyPem: TEST_WECHAT.platformPublicKey,
    validFrom: new Date('2020-01-01T00:00:00Z'),
    validUntil: null,
  },
  certificate: {
    serial: TEST_WECHAT.certificateSerial,
    publicKeyPem: TEST_WECHAT.certificatePem,
    validFrom: new Date('2020-01-01T00:00:00Z'),
    validUntil: new Date('2040-01-01T00:00:00Z'),
  },
} satisfies Record<string, WechatPlatformKey>;

/** A site row on WeChat with the test merchant, its secrets open, as the site resolver gives it. */
export function testWechatSiteRow(appId: string, overrides: Partial<SiteRow> = {}): SiteRow {
  return {
    id: '00000000-0000-0000-0000-000000000001',
    code: 'wx-pay',
    name: 'WeChat Pay test',
    messenger_mode: 'wechat',
    wechat_app_id: appId,
    wechat_app_secret: TEST_WECHAT.appSecret,
    settings: {},
    public_origin: null,
    sales_close_minutes: 0,
    short_name: null,
    short_name_en: null,
    logo_url: null,
    theme_color: '#d0343a',
    notice_template_paid: null,
    notice_template_reminder: null,
    notice_template_refunded: null,
    notice_template_ready: null,
    notice_template_exchanged: null,
    notice_template_changed: null,
    created_at: new Date(),
    wechat_mch_id: TEST_WECHAT.mchid,
    wechat_pay_serial_no: TEST_WECHAT.merchantSerialNo,
    wechat_pay_private_key: TEST_WECHAT.merchantPrivateKey,
    wechat_pay_api_v3_key: TEST_WECHAT.apiV3Key,
    wechat_pay_api_v2_key: null,
    sms_provider: null,
    sms_secret_id: null,
    sms_secret_key: null,
    sms_sdk_app_id: null,
    sms_sign_name: null,
    sms_template_id: null,
    sms_region: null,
    sms_notice_template_id: null,
    wechatPayPlatformKeys: [TEST_PLATFORM_KEYS.publicKey],
    ...overrides,
  };
}
