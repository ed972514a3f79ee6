import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { devKeyring } from '../../lib/secrets.js';
import { sealSiteSecrets } from '../../modules/site/index.js';

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
} as const;

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
      wechat_pay_platform_serial: TEST_WECHAT.platformSerial,
      wechat_pay_platform_public_key: TEST_WECHAT.platformPublicKey,
    })
    .execute();
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
      wechat_pay_platform_serial: TEST_WECHAT.platformSerial,
      wechat_pay_platform_public_key: TEST_WECHAT.platformPublicKey,
    })
    .where('code', '=', 'www-test')
    .returning('wechat_app_id')
    .executeTakeFirstOrThrow();
  fake.registerApp(site.wechat_app_id);
  return site.wechat_app_id;
}
