import type { Executor } from '../../db/schema.js';
import {
  decryptSecret,
  encryptSecret,
  isEncrypted,
  keyIdOf,
  type SecretsKeyring,
} from '../../lib/secrets.js';
import { isUsableAt, type WechatPlatformKey } from '../../lib/wechat/platform-keys.js';
import * as siteRepository from './site.repository.js';

/*
 * A site's WeChat Pay platform keys (table site_wechat_platform_keys, 0047): serial → key with its
 * validity; `retired_at` takes one out of use for good. A public key is no secret, but it decides
 * which signatures we believe: it is stored encrypted like the site secrets, bound to its site and
 * serial, so a key written into the table without SECRETS_KEY is refused, not trusted.
 */

/** What a stored key is bound to (a stored format: never change). */
export function platformKeyContext(siteId: string, serial: string): string {
  return `site_wechat_platform_keys.public_key_pem:${siteId}:${serial}`;
}

export function sealPlatformKey(
  siteId: string,
  key: WechatPlatformKey,
  keyring: SecretsKeyring,
): { serial: string; public_key_pem: string; valid_from: Date; valid_until: Date | null } {
  return {
    serial: key.serial,
    public_key_pem: encryptSecret(
      keyring,
      key.publicKeyPem,
      platformKeyContext(siteId, key.serial),
    ),
    valid_from: key.validFrom,
    valid_until: key.validUntil,
  };
}

/**
 * The keys of a site not retired, opened. A key that does not open (a secrets key since removed, a
 * value altered or written with SQL) is left out and reported: messages signed with it are
 * refused, never believed.
 */
export async function loadPlatformKeys(
  db: Executor,
  siteId: string,
  keyring: SecretsKeyring,
  onUnreadable?: (error: Error) => void,
): Promise<WechatPlatformKey[]> {
  const keys: WechatPlatformKey[] = [];
  for (const row of await siteRepository.listPlatformKeys(db, siteId, { withRetired: false })) {
    try {
      keys.push({
        serial: row.serial,
        publicKeyPem: decryptSecret(
          keyring,
          row.public_key_pem,
          platformKeyContext(siteId, row.serial),
        ),
        validFrom: row.valid_from,
        validUntil: row.valid_until,
      });
    } catch (error) {
      if (!onUnreadable) throw error;
      onUnreadable(error as Error);
    }
  }
  return keys;
}

/**
 * Add a platform key to a site (or put a retired one back, with the validity given now), in the
 * caller's transaction.
 */
export async function addPlatformKey(
  trx: Executor,
  siteId: string,
  key: WechatPlatformKey,
  keyring: SecretsKeyring,
): Promise<void> {
  await siteRepository.upsertPlatformKey(trx, siteId, sealPlatformKey(siteId, key, keyring));
}

/**
 * Retire a site's platform key: no longer sent, no message signed with it believed. Refused for
 * an unknown serial, and for the last key usable now of a site on WeChat (its payments would all
 * fail): add the new key first.
 */
export async function retirePlatformKey(
  trx: Executor,
  siteId: string,
  serial: string,
  now: Date,
): Promise<void> {
  const site = await siteRepository.lockById(trx, siteId);
  const rows = await siteRepository.listPlatformKeys(trx, siteId, { withRetired: false });
  const retiring = rows.find((row) => row.serial.toUpperCase() === serial.toUpperCase());
  if (!retiring) throw new Error(`no platform key ${serial} in use by this site`);
  const usableLeft = rows.filter(
    (row) =>
      row !== retiring &&
      isUsableAt(
        {
          serial: row.serial,
          publicKeyPem: '',
          validFrom: row.valid_from,
          validUntil: row.valid_until,
        },
        now,
      ),
  );
  if (site?.messenger_mode === 'wechat' && usableLeft.length === 0) {
    throw new Error(
      `${serial} is the site's last platform key usable now: add its successor before retiring it`,
    );
  }
  await siteRepository.retirePlatformKey(trx, siteId, retiring.serial, now);
}

/**
 * Move every stored platform key under the keyring's current key (`npm run secrets:rotate`, see
 * resealAllSiteSecrets). A key in plain text is never encrypted here: only `npm run site:wechat`
 * adds keys, and a start refuses one written otherwise (assertPlatformKeysOpen).
 */
export async function resealPlatformKeys(
  trx: Executor,
  keyring: SecretsKeyring,
  count: { reencrypted: number; unchanged: number },
): Promise<void> {
  for (const row of await siteRepository.lockAllPlatformKeys(trx)) {
    const stored = row.public_key_pem;
    if (!isEncrypted(stored) || keyIdOf(stored) === keyring.currentKeyId) {
      count.unchanged += 1;
      continue;
    }
    const context = platformKeyContext(row.site_id, row.serial);
    count.reencrypted += 1;
    await siteRepository.updatePlatformKeyPem(
      trx,
      row.site_id,
      row.serial,
      encryptSecret(keyring, decryptSecret(keyring, stored, context), context),
    );
  }
}

/** Why each stored platform key in use does not open (none: an empty list). */
export async function unreadablePlatformKeys(
  db: Executor,
  keyring: SecretsKeyring,
): Promise<string[]> {
  const failures: string[] = [];
  for (const row of await siteRepository.listAllPlatformKeysInUse(db)) {
    const label = `site ${row.site_code} platform key ${row.serial}`;
    if (!isEncrypted(row.public_key_pem)) {
      failures.push(`${label} was not added by \`npm run site:wechat\` (stored in plain text)`);
      continue;
    }
    try {
      decryptSecret(keyring, row.public_key_pem, platformKeyContext(row.site_id, row.serial));
    } catch (error) {
      failures.push(`${label}: ${(error as Error).message}`);
    }
  }
  return failures;
}
