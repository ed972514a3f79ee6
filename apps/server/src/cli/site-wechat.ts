import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { createKeyring } from '../lib/secrets.js';
import { sealSiteSecrets } from '../modules/site/index.js';

/**
 * Switch a site to real WeChat (README "Switching a site to real WeChat"):
 *
 *   npm run site:wechat -- --site www-test --app-id wx... --app-secret ... \
 *     --mch-id 1230000109 --serial-no 5157F09E... --private-key ./apiclient_key.pem \
 *     --api-v3-key <32 characters> --platform-serial PUB_KEY_ID_... --platform-public-key ./pub_key.pem
 *
 * Every value is checked before anything is written; keys are read from files so they never sit
 * in the shell history. The app secret, the merchant private key and the API v3 key are stored
 * encrypted with SECRETS_KEY. `--sandbox` switches a site back to the local sandbox.
 */
const usage = `usage: npm run site:wechat -- --site <code> (--sandbox | --app-id <id> --app-secret <secret>
  --mch-id <mchid> --serial-no <merchant cert serial> --private-key <apiclient_key.pem>
  --api-v3-key <32 chars> [--api-v2-key <32 chars>] --platform-serial <serial or public key id> --platform-public-key <pem file>)`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    sandbox: { type: 'boolean', default: false },
    'app-id': { type: 'string' },
    'app-secret': { type: 'string' },
    'mch-id': { type: 'string' },
    'serial-no': { type: 'string' },
    'private-key': { type: 'string' },
    'api-v3-key': { type: 'string' },
    'api-v2-key': { type: 'string' },
    'platform-serial': { type: 'string' },
    'platform-public-key': { type: 'string' },
  },
});

const need = (name: keyof typeof values): string => {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') fail(`--${name} is required`);
  return value.trim();
};

function readPem(name: 'private-key' | 'platform-public-key'): string {
  const file = need(name);
  if (!fs.existsSync(file)) fail(`--${name}: no file ${file}`);
  const pem = fs.readFileSync(file, 'utf8');
  try {
    if (name === 'private-key') createPrivateKey(pem);
    else createPublicKey(pem); // a public key or the platform certificate
  } catch (error) {
    fail(
      `--${name}: ${file} is not a PEM ${name === 'private-key' ? 'private key' : 'public key or certificate'} (${String(error)})`,
    );
  }
  return pem;
}

async function main() {
  const siteCode = need('site');
  const sandbox = { messenger_mode: 'sandbox' as const };
  const update = values.sandbox
    ? sandbox
    : {
        messenger_mode: 'wechat' as const,
        wechat_app_id: need('app-id'),
        wechat_app_secret: need('app-secret'),
        wechat_mch_id: /^\d{6,12}$/.test(need('mch-id'))
          ? need('mch-id')
          : fail('--mch-id must be digits'),
        wechat_pay_serial_no: need('serial-no'),
        wechat_pay_private_key: readPem('private-key'),
        wechat_pay_api_v3_key:
          Buffer.byteLength(need('api-v3-key')) === 32
            ? need('api-v3-key')
            : fail('--api-v3-key must be 32 bytes'),
        // Optional: only the box office's 付款码 payments (API v2) need it.
        ...(values['api-v2-key'] === undefined
          ? {}
          : {
              wechat_pay_api_v2_key:
                Buffer.byteLength(values['api-v2-key']) === 32
                  ? values['api-v2-key']
                  : fail('--api-v2-key must be 32 bytes'),
            }),
        wechat_pay_platform_serial: need('platform-serial'),
        wechat_pay_platform_public_key: readPem('platform-public-key'),
      };

  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    const keyring = createKeyring(env.SECRETS_KEY, env.SECRETS_PREVIOUS_KEYS);
    await migrateToLatest(database.db, { secretsKeyring: keyring });
    const changed = await database.db.transaction().execute(async (trx) => {
      const site = await trx
        .selectFrom('sites')
        .select('id')
        .where('code', '=', siteCode)
        .forUpdate()
        .executeTakeFirst();
      if (!site) return undefined;
      const row = await trx
        .updateTable('sites')
        .set(sealSiteSecrets(site.id, update, keyring))
        .where('id', '=', site.id)
        .returning('code')
        .executeTakeFirst();
      // Cached tokens belong to the old app id: forget them.
      if (row) {
        await trx
          .deleteFrom('wechat_tokens')
          .where('site_id', 'in', trx.selectFrom('sites').select('id').where('code', '=', siteCode))
          .execute();
      }
      return row;
    });
    if (!changed) fail(`no site "${siteCode}"`);
    console.log(
      `site ${siteCode}: messenger_mode=${update.messenger_mode}. Restart the server to use it.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
