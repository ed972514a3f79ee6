import type { Kysely, Migration } from 'kysely';
import type { Database } from '../schema.js';
import type { SecretsKeyring } from '../../lib/secrets.js';
import { resealAllSiteSecrets } from '../../modules/site/index.js';

/**
 * Encrypt the sites' WeChat secrets stored in plain text so far (app secret, merchant private
 * key, API v3 key) with SECRETS_KEY. Later key changes: `npm run secrets:rotate`.
 */
export default function encryptSiteSecrets(keyring: SecretsKeyring): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The platform keys' table comes later (0047), encrypted as it is made.
      await resealAllSiteSecrets(db as unknown as Kysely<Database>, keyring, {
        withPlatformKeys: false,
      });
    },
  };
}
