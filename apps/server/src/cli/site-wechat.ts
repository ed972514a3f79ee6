import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { cinemaIsoAt } from '@marquee/contracts';
import { openDatabase } from '../db/client.js';
import type { Executor } from '../db/schema.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { createKeyring, type SecretsKeyring } from '../lib/secrets.js';
import {
  describePlatformKey,
  isUsableAt,
  keyForRequests,
  type WechatPlatformKey,
} from '../lib/wechat/platform-keys.js';
import { wechatNotifyOriginProblem } from '../lib/wechat/wechat-text.js';
import {
  addPlatformKey,
  listPlatformKeys,
  retirePlatformKey,
  sealSiteSecrets,
} from '../modules/site/index.js';

/**
 * Switch a site to real WeChat and keep its WeChat Pay platform keys (README "Switching a site to
 * real WeChat", "Rotating WeChat Pay's platform keys"):
 *
 *   npm run site:wechat -- --site www-test --app-id wx... --app-secret ... \
 *     --mch-id 1230000109 --serial-no 5157F09E... --private-key ./apiclient_key.pem \
 *     --api-v3-key <32 characters> --platform-serial PUB_KEY_ID_... --platform-public-key ./pub_key.pem
 *   npm run site:wechat -- --site www-test --add-platform-key ./pub_key.pem --platform-serial PUB_KEY_ID_...
 *   npm run site:wechat -- --site www-test --retire-platform-key <serial>
 *   npm run site:wechat -- --site www-test --list-platform-keys
 *   npm run site:wechat -- --site www-test --public-origin https://www-test.cinema.example
 *
 * Every value is checked before anything is written; keys are read from files so they never sit
 * in the shell history. The app secret, the merchant private key, the API v3 key and the platform
 * keys are stored encrypted with SECRETS_KEY. `--sandbox` switches a site back to the local sandbox.
 */
const usage = `usage: npm run site:wechat -- --site <code> and one of
  --sandbox
  --app-id <id> --app-secret <secret> --mch-id <mchid> --serial-no <merchant cert serial>
    --private-key <apiclient_key.pem> --api-v3-key <32 chars> [--api-v2-key <32 chars>]
    --platform-serial <serial or public key id> --platform-public-key <pem file>
    [--valid-from <ISO time>] [--valid-until <ISO time>] [--public-origin https://<host>]
  --add-platform-key <pem file> --platform-serial <serial or public key id>
    [--valid-from <ISO time>] [--valid-until <ISO time>]
  --retire-platform-key <serial>
  --list-platform-keys
  --public-origin https://<host>`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/** Bad input found in the database: thrown, so the transaction rolls back and the database closes. */
class Refusal extends Error {}
function refuse(message: string): never {
  throw new Refusal(message);
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
    'add-platform-key': { type: 'string' },
    'retire-platform-key': { type: 'string' },
    'list-platform-keys': { type: 'boolean', default: false },
    'valid-from': { type: 'string' },
    'valid-until': { type: 'string' },
    'public-origin': { type: 'string' },
  },
});

type Flag = keyof typeof values;

const need = (name: Flag): string => {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') fail(`--${name} is required`);
  return value.trim();
};

function readFile(name: Flag): string {
  const file = need(name);
  if (!fs.existsSync(file)) fail(`--${name}: no file ${file}`);
  return fs.readFileSync(file, 'utf8');
}

function readPrivateKey(): string {
  const pem = readFile('private-key');
  try {
    createPrivateKey(pem);
  } catch (error) {
    fail(`--private-key: not a PEM private key (${String(error)})`);
  }
  return pem;
}

function time(name: 'valid-from' | 'valid-until'): Date | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()))
    fail(`--${name}: ${value} is not a time (${cinemaIsoAt('2026-12-01')})`);
  return parsed;
}

/** The platform key of `--platform-serial` in `file`'s flag, checked (see describePlatformKey). */
function platformKeyOf(file: 'platform-public-key' | 'add-platform-key'): WechatPlatformKey {
  try {
    return describePlatformKey({
      serial: need('platform-serial'),
      pem: readFile(file),
      validFrom: time('valid-from'),
      validUntil: time('valid-until'),
      now: new Date(),
    });
  } catch (error) {
    fail(`--${file}: ${(error as Error).message}`);
  }
}

/** A site origin WeChat Pay can call back: checked for a site on WeChat only (sandbox: anything). */
function publicOriginFor(
  messengerMode: 'sandbox' | 'wechat',
  stop: (message: string) => never,
): string | undefined {
  const origin = values['public-origin']?.trim().replace(/\/+$/, '');
  if (origin === undefined) return undefined;
  if (!/^https?:\/\/[^/?#\s]+$/.test(origin)) stop(`--public-origin: ${origin} is not an origin`);
  const problem = messengerMode === 'wechat' ? wechatNotifyOriginProblem(origin) : null;
  if (problem) {
    stop(
      `--public-origin: WeChat Pay cannot call back ${problem}; it needs https on a public host name, no port`,
    );
  }
  return origin;
}

type Action =
  | { kind: 'sandbox' }
  | ({ kind: 'switch'; origin: string | undefined } & ReturnType<typeof switchUpdate>)
  | { kind: 'add'; key: WechatPlatformKey }
  | { kind: 'retire'; serial: string }
  | { kind: 'list' }
  | { kind: 'origin' };

function actionOf(): Action {
  if (values.sandbox) return { kind: 'sandbox' };
  if (values['list-platform-keys']) return { kind: 'list' };
  if (values['retire-platform-key'] !== undefined) {
    return { kind: 'retire', serial: need('retire-platform-key') };
  }
  if (values['add-platform-key'] !== undefined) {
    return { kind: 'add', key: platformKeyOf('add-platform-key') };
  }
  if (values['app-id'] === undefined && values['public-origin'] !== undefined) {
    return { kind: 'origin' };
  }
  return { kind: 'switch', ...switchUpdate(), origin: publicOriginFor('wechat', fail) };
}

function switchUpdate() {
  const mchId = need('mch-id');
  const apiV3Key = need('api-v3-key');
  return {
    update: {
      messenger_mode: 'wechat' as const,
      wechat_app_id: need('app-id'),
      wechat_app_secret: need('app-secret'),
      wechat_mch_id: /^\d{6,12}$/.test(mchId) ? mchId : fail('--mch-id must be digits'),
      wechat_pay_serial_no: need('serial-no'),
      wechat_pay_private_key: readPrivateKey(),
      wechat_pay_api_v3_key:
        Buffer.byteLength(apiV3Key) === 32 ? apiV3Key : fail('--api-v3-key must be 32 bytes'),
      // Optional: only the box office's 付款码 payments (API v2) need it.
      ...(values['api-v2-key'] === undefined
        ? {}
        : {
            wechat_pay_api_v2_key:
              Buffer.byteLength(values['api-v2-key']) === 32
                ? values['api-v2-key']
                : fail('--api-v2-key must be 32 bytes'),
          }),
    },
    key: platformKeyOf('platform-public-key'),
  };
}

function describeKeys(rows: Awaited<ReturnType<typeof listPlatformKeys>>, now: Date): string[] {
  const inUse = rows
    .filter((row) => row.retired_at === null)
    .map((row) => ({
      serial: row.serial,
      publicKeyPem: '',
      validFrom: row.valid_from,
      validUntil: row.valid_until,
    }));
  const newest = keyForRequests(inUse, now)?.serial;
  return rows.map((row) => {
    const key = inUse.find((candidate) => candidate.serial === row.serial);
    const state = row.retired_at
      ? `retired ${row.retired_at.toISOString()}`
      : key && isUsableAt(key, now)
        ? row.serial === newest
          ? 'in use, sent on requests'
          : 'in use'
        : row.valid_from > now
          ? 'not yet valid'
          : 'expired';
    const until = row.valid_until?.toISOString() ?? 'no end';
    return `${row.serial}  ${row.valid_from.toISOString()} → ${until}  ${state}`;
  });
}

async function run(trx: Executor, keyring: SecretsKeyring, siteCode: string, action: Action) {
  const site = await trx
    .selectFrom('sites')
    .select(['id', 'messenger_mode'])
    .where('code', '=', siteCode)
    .forUpdate()
    .executeTakeFirst();
  if (!site) refuse(`no site "${siteCode}"`);
  const now = new Date();
  switch (action.kind) {
    case 'list': {
      const lines = describeKeys(await listPlatformKeys(trx, site.id, { withRetired: true }), now);
      return lines.length > 0 ? lines.join('\n') : `site ${siteCode} has no platform keys`;
    }
    case 'add':
      await addPlatformKey(trx, site.id, action.key, keyring);
      return `site ${siteCode}: platform key ${action.key.serial} added (valid ${action.key.validFrom.toISOString()} → ${action.key.validUntil?.toISOString() ?? 'no end'}). Applies within a minute.`;
    case 'retire':
      try {
        await retirePlatformKey(trx, site.id, action.serial, now);
      } catch (error) {
        refuse(`--retire-platform-key: ${(error as Error).message}`);
      }
      return `site ${siteCode}: platform key ${action.serial} retired. Applies within a minute.`;
    case 'origin': {
      const origin = publicOriginFor(site.messenger_mode, refuse);
      await trx
        .updateTable('sites')
        .set({ public_origin: origin })
        .where('id', '=', site.id)
        .execute();
      return `site ${siteCode}: public_origin=${origin}. Restart the server to use it.`;
    }
    case 'sandbox':
      await trx
        .updateTable('sites')
        .set({ messenger_mode: 'sandbox' })
        .where('id', '=', site.id)
        .execute();
      return `site ${siteCode}: messenger_mode=sandbox. Restart the server to use it.`;
    case 'switch': {
      const { update, key, origin } = action;
      const stored = await trx
        .selectFrom('sites')
        .select('public_origin')
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const storedProblem =
        origin === undefined && stored.public_origin
          ? wechatNotifyOriginProblem(stored.public_origin)
          : null;
      if (storedProblem) {
        refuse(
          `the site's public_origin: WeChat Pay cannot call back ${storedProblem}; give --public-origin https://<host>`,
        );
      }
      await trx
        .updateTable('sites')
        .set({
          ...sealSiteSecrets(site.id, update, keyring),
          ...(origin === undefined ? {} : { public_origin: origin }),
        })
        .where('id', '=', site.id)
        .execute();
      await addPlatformKey(trx, site.id, key, keyring);
      // Cached tokens belong to the old app id: forget them.
      await trx.deleteFrom('wechat_tokens').where('site_id', '=', site.id).execute();
      return `site ${siteCode}: messenger_mode=wechat, platform key ${key.serial}. Restart the server to use it.`;
    }
  }
}

async function main() {
  const siteCode = need('site');
  const action = actionOf();
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    const keyring = createKeyring(env.SECRETS_KEY, env.SECRETS_PREVIOUS_KEYS);
    await migrateToLatest(database.db, { secretsKeyring: keyring });
    const said = await database.db
      .transaction()
      .execute((trx) => run(trx, keyring, siteCode, action));
    console.log(said);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof Refusal) fail(error.message);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
