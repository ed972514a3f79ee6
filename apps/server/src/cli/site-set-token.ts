import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { createKeyring } from '../lib/secrets.js';

/**
 * Whether a site's `?setToken=` links may carry a session token itself (decision 038):
 *
 *   npm run site:set-token -- --site www-test --raw off
 *
 * Off, only one-time hand-off codes (`POST /api/userInfo/handOff`) sign a browser in from a link;
 * a session token in a link is refused (40005). On is the default, for older links and scripts.
 * Kept in the site's `settings`; the servers read it within 30 seconds (the site cache).
 */
const usage = 'usage: npm run site:set-token -- --site <code> --raw on|off';

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { site: { type: 'string' }, raw: { type: 'string' } },
});

async function main() {
  const siteCode = values.site?.trim() || fail('--site is required');
  const raw = values.raw?.trim();
  if (raw !== 'on' && raw !== 'off') fail('--raw must be on or off');
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    const keyring = createKeyring(env.SECRETS_KEY, env.SECRETS_PREVIOUS_KEYS);
    await migrateToLatest(database.db, { secretsKeyring: keyring });
    const change = JSON.stringify({ isRawSetTokenAllowed: raw === 'on' });
    const changed = await database.db
      .updateTable('sites')
      .set({ settings: sql<string>`settings || ${change}::jsonb` })
      .where('code', '=', siteCode)
      .returning('code')
      .executeTakeFirst();
    if (!changed) fail(`no site "${siteCode}"`);
    console.log(
      raw === 'on'
        ? `site ${siteCode}: ?setToken= links may carry a session token or a hand-off code.`
        : `site ${siteCode}: ?setToken= links sign in with one-time hand-off codes only.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
