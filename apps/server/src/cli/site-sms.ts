import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { createKeyring } from '../lib/secrets.js';
import { noSmsProvider, tencentSmsSettings } from '../modules/phone/index.js';
import { sealSiteSecrets } from '../modules/site/index.js';

/**
 * Connect a site's SMS codes to Tencent Cloud SMS (README "Sending SMS codes", decision 032):
 *
 *   npm run site:sms -- --site www-test --secret-id AKID... --secret-key ... \
 *     --sdk-app-id 1400006666 --sign-name 星光影城 --template-id 1110 [--region ap-guangzhou] \
 *     [--notice-template-id 1111]
 *
 * The template is an approved verification template with two parameters, {1} the code and {2} its
 * minutes. The notice template, an approved notification template with {1} when (MM-DD HH:mm)
 * and {2} the new number masked, tells an old number that the account's phone changed (decision
 * 038); without it that text is not sent (and the server logs a warning at each change). Every value is checked before anything is written; the secret key is stored encrypted
 * with SECRETS_KEY. `--off` removes the provider (a WeChat site then answers 50203). Sandbox sites
 * keep their local inbox whatever is set here.
 */
const usage = `usage: npm run site:sms -- --site <code> (--off | --secret-id <AKID…> --secret-key <key>
  --sdk-app-id <1400…> --sign-name <sign> --template-id <id> [--region ap-guangzhou|ap-beijing|ap-nanjing]
  [--notice-template-id <id>])`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    off: { type: 'boolean', default: false },
    'secret-id': { type: 'string' },
    'secret-key': { type: 'string' },
    'sdk-app-id': { type: 'string' },
    'sign-name': { type: 'string' },
    'template-id': { type: 'string' },
    'notice-template-id': { type: 'string' },
    region: { type: 'string' },
  },
});

async function main() {
  const siteCode = values.site?.trim() || fail('--site is required');
  let columns = noSmsProvider;
  if (!values.off) {
    const checked = tencentSmsSettings({
      secretId: values['secret-id'] ?? '',
      secretKey: values['secret-key'] ?? '',
      sdkAppId: values['sdk-app-id'] ?? '',
      signName: values['sign-name'] ?? '',
      templateId: values['template-id'] ?? '',
      noticeTemplateId: values['notice-template-id'],
      region: values.region,
    });
    columns = checked.columns ?? fail(checked.problems.join('\n'));
  }

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
        .select(['id', 'messenger_mode'])
        .where('code', '=', siteCode)
        .forUpdate()
        .executeTakeFirst();
      if (!site) return undefined;
      await trx
        .updateTable('sites')
        .set(sealSiteSecrets(site.id, columns, keyring))
        .where('id', '=', site.id)
        .execute();
      return site;
    });
    if (!changed) fail(`no site "${siteCode}"`);
    console.log(
      `site ${siteCode}: SMS provider ${columns.sms_provider ?? 'none'}` +
        (changed.messenger_mode === 'sandbox'
          ? ' (the site is in the sandbox: its codes still go to /sandbox/sms until it switches to WeChat).'
          : '.') +
        ' Restart the server to use it.',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
