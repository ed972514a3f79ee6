import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { createKeyring } from '../lib/secrets.js';
import { resealAllSiteSecrets } from '../modules/site/index.js';

/**
 * Move every secret at rest to SECRETS_KEY (README "Rotating the secrets key"):
 *
 *   SECRETS_KEY=<new id>:<new key> SECRETS_PREVIOUS_KEYS=<old id>:<old key> npm run secrets:rotate
 *
 * Values under an older key (which must be in SECRETS_PREVIOUS_KEYS) are re-encrypted, values in
 * plain text (written with SQL) encrypted; one transaction, so it is all or nothing, and running
 * it twice changes nothing the second time.
 */
async function main() {
  const env = readEnv();
  const keyring = createKeyring(env.SECRETS_KEY, env.SECRETS_PREVIOUS_KEYS);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    await migrateToLatest(database.db, { secretsKeyring: keyring });
    const count = await database.db
      .transaction()
      .execute((trx) => resealAllSiteSecrets(trx, keyring));
    console.log(
      `secrets now under key "${keyring.currentKeyId}": ${count.reencrypted} re-encrypted, ` +
        `${count.encrypted} encrypted from plain text, ${count.unchanged} already current.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
