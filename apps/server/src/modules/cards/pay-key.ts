import {
  constants,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findServerKey, insertServerKeyOnce } from './pay-password.repository.js';

const PURPOSE = 'pay-password';
export const PAY_KEY_ALGORITHM = 'RSA-OAEP-256' as const;

export interface PayKey {
  keyId: string;
  /** SubjectPublicKeyInfo, DER, base64. */
  spki: string;
  privateKey: KeyObject;
}

const generate = promisify(generateKeyPair);

/**
 * One RSA key pair for the pay password transform, shared by every instance: made on first use
 * and kept in `server_keys` (its private half encrypted with the pepper), so it survives restarts
 * and a payload encrypted against one instance opens on another. Cached per database handle.
 */
const cache = new WeakMap<Kysely<Database>, Promise<PayKey>>();

export function getPayKey(db: Kysely<Database>, pepper: string): Promise<PayKey> {
  let key = cache.get(db);
  if (!key) {
    key = loadOrCreate(db, pepper);
    cache.set(db, key);
    key.catch(() => cache.delete(db));
  }
  return key;
}

async function loadOrCreate(db: Kysely<Database>, pepper: string): Promise<PayKey> {
  const existing = await findServerKey(db, PURPOSE);
  if (existing) return open(existing, pepper);
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: {
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: pepper,
    },
  });
  // Two instances starting at once: the first insert wins and both use its key.
  await insertServerKeyOnce(db, {
    id: `pay-${randomUUID()}`,
    purpose: PURPOSE,
    algorithm: PAY_KEY_ALGORITHM,
    public_spki: publicKey.toString('base64'),
    private_pkcs8: privateKey,
  });
  const stored = await findServerKey(db, PURPOSE);
  if (!stored) throw new Error('the pay password key could not be stored');
  return open(stored, pepper);
}

function open(
  row: { id: string; public_spki: string; private_pkcs8: string },
  pepper: string,
): PayKey {
  try {
    const privateKey = createPrivateKey({ key: row.private_pkcs8, passphrase: pepper });
    return { keyId: row.id, spki: row.public_spki, privateKey };
  } catch (error) {
    throw new Error(
      'The stored pay password key does not open with PAY_PASSWORD_PEPPER (was the pepper changed?)',
      { cause: error },
    );
  }
}

/** RSA-OAEP with SHA-256 (and MGF1-SHA-256), as WebCrypto's `RSA-OAEP` with hash SHA-256. */
export function decryptWithPayKey(key: PayKey, base64: string): Buffer | null {
  try {
    return privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
  } catch {
    return null;
  }
}
