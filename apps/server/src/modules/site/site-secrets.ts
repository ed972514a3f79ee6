import type { SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import {
  decryptSecret,
  encryptSecret,
  isEncrypted,
  keyIdOf,
  type SecretsKeyring,
} from '../../lib/secrets.js';
import * as siteRepository from './site.repository.js';
import { resealPlatformKeys, unreadablePlatformKeys } from './wechat-platform-keys.js';

/**
 * The `sites` columns kept encrypted at rest (lib/secrets.ts); the rest of a row is plain. The SMS
 * provider's secret key (0034) joined later: migration 0012 runs before that column exists, so a
 * column missing from a row is skipped, not an error.
 */
export const siteSecretColumns = [
  'wechat_app_secret',
  'wechat_pay_private_key',
  'wechat_pay_api_v3_key',
  'sms_secret_key',
  'wechat_pay_api_v2_key',
] as const;
export type SiteSecretColumn = (typeof siteSecretColumns)[number];

/** What a stored secret is bound to: its column and its site (a stored format: never change). */
export function siteSecretContext(siteId: string, column: SiteSecretColumn): string {
  return `sites.${column}:${siteId}`;
}

/**
 * A site row with its secrets opened, as the WeChat adapters use it. A plain-text value (written
 * with SQL since the last start; the next start encrypts it) is used as it is and reported to
 * `onPlaintext`. A value that does not open (a key since removed, an altered value) throws, or with
 * `onUnreadable` is reported and left out (null): the site then answers like one without that
 * credential (50201/50202).
 */
export function openSiteSecrets<T extends Pick<SiteRow, 'id' | SiteSecretColumn>>(
  site: T,
  keyring: SecretsKeyring,
  report: {
    onPlaintext?: (column: SiteSecretColumn) => void;
    onUnreadable?: (error: Error) => void;
  } = {},
): T {
  const opened = { ...site };
  for (const column of siteSecretColumns) {
    const stored = site[column];
    if (stored === null || stored === undefined) continue;
    if (!isEncrypted(stored)) {
      report.onPlaintext?.(column);
      continue;
    }
    try {
      opened[column] = decryptSecret(keyring, stored, siteSecretContext(site.id, column));
    } catch (error) {
      if (!report.onUnreadable) throw error;
      report.onUnreadable(error as Error);
      opened[column] = null;
    }
  }
  return opened;
}

/** Encrypt the secret columns of an update of one site; other columns pass through. */
export function sealSiteSecrets<T extends object>(
  siteId: string,
  values: T,
  keyring: SecretsKeyring,
): T {
  const sealed = { ...values };
  for (const column of siteSecretColumns) {
    const value = (values as Partial<Record<SiteSecretColumn, unknown>>)[column];
    if (typeof value === 'string') {
      (sealed as Record<SiteSecretColumn, string | null>)[column] = encryptSecret(
        keyring,
        value,
        siteSecretContext(siteId, column),
      );
    }
  }
  return sealed;
}

export interface ResealCount {
  /** Values that were plain text. */
  encrypted: number;
  /** Values moved from an older key to the current one. */
  reencrypted: number;
  /** Values already under the current key. */
  unchanged: number;
}

/**
 * Bring every site's secrets under the keyring's current key: plaintext values are encrypted,
 * values of older keys re-encrypted (unless `plaintextOnly`), in the caller's transaction (rows
 * locked while rewritten). Every start encrypts plain text (migration 0012 first, then the
 * server); `npm run secrets:rotate` moves everything to a new key, the WeChat Pay platform keys
 * (0047) too unless `withPlatformKeys` is false (0012 runs before their table exists).
 */
export async function resealAllSiteSecrets(
  trx: Executor,
  keyring: SecretsKeyring,
  options: { plaintextOnly?: boolean; withPlatformKeys?: boolean } = {},
): Promise<ResealCount> {
  const count: ResealCount = { encrypted: 0, reencrypted: 0, unchanged: 0 };
  for (const site of await siteRepository.lockAllSecrets(trx)) {
    const update: Partial<Record<SiteSecretColumn, string>> = {};
    for (const column of siteSecretColumns) {
      const stored = site[column];
      if (stored === null || stored === undefined) continue;
      if (
        keyIdOf(stored) === keyring.currentKeyId ||
        (options.plaintextOnly && isEncrypted(stored))
      ) {
        count.unchanged += 1;
        continue;
      }
      const context = siteSecretContext(site.id, column);
      const plain = isEncrypted(stored) ? decryptSecret(keyring, stored, context) : stored;
      if (isEncrypted(stored)) count.reencrypted += 1;
      else count.encrypted += 1;
      update[column] = encryptSecret(keyring, plain, context);
    }
    if (Object.keys(update).length > 0) await siteRepository.updateSecrets(trx, site.id, update);
  }
  if (!options.plaintextOnly && options.withPlatformKeys !== false) {
    await resealPlatformKeys(trx, keyring, count);
  }
  return count;
}

/** Refuse to start when a site's secrets do not open: a missing key is found now, not mid-payment. */
export async function assertSiteSecretsOpen(db: Executor, keyring: SecretsKeyring): Promise<void> {
  const failures: string[] = [];
  for (const site of await siteRepository.listSecrets(db)) {
    try {
      openSiteSecrets(site, keyring);
    } catch (error) {
      failures.push(`site ${site.code}: ${(error as Error).message}`);
    }
  }
  failures.push(...(await unreadablePlatformKeys(db, keyring)));
  if (failures.length > 0) {
    throw new Error(
      `WeChat or SMS secrets of these sites cannot be read:\n  ${failures.join('\n  ')}`,
    );
  }
}
