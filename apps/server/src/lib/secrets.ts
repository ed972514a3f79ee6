import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets at rest (the sites' WeChat app secret, merchant private key, API v3 key and SMS secret
 * key): AES-256-GCM with a key from the environment. A stored value reads
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url), so a value names the key that opens it and
 * keys can rotate (README "Rotating the secrets key"). The additional data binds a value to its row
 * and column: a ciphertext copied to another site or column does not open.
 */

const PREFIX = 'enc:v1:';

export interface SecretsKeyring {
  /** The key new values are encrypted with. */
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** DEVELOPMENT ONLY: a published key, refused when NODE_ENV=production. */
export const DEV_SECRETS_KEY = `dev:${createHash('sha256')
  .update('marquee development secrets key, not a secret')
  .digest('base64')}`;

/** `<id>:<base64 of 32 bytes>`; an id is letters, digits, `_` or `-`. */
export function parseSecretsKey(text: string): { id: string; key: Buffer } {
  const match = /^([\w-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(text.trim());
  const key = match ? Buffer.from(match[2]!, 'base64') : Buffer.alloc(0);
  if (!match || key.length !== 32) {
    throw new Error('a secrets key is "<id>:<base64 of 32 random bytes>"');
  }
  return { id: match[1]!, key };
}

/** The keyring of SECRETS_KEY (current) and SECRETS_PREVIOUS_KEYS (comma-separated, read only). */
export function createKeyring(current: string, previous: string[] = []): SecretsKeyring {
  const currentKey = parseSecretsKey(current);
  const keys = new Map<string, Buffer>();
  for (const entry of previous) {
    const old = parseSecretsKey(entry);
    keys.set(old.id, old.key);
  }
  keys.set(currentKey.id, currentKey.key);
  return { currentKeyId: currentKey.id, keys };
}

export const devKeyring = (): SecretsKeyring => createKeyring(DEV_SECRETS_KEY);

export function isEncrypted(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The key id a stored value was encrypted with; null for a plaintext value. */
export function keyIdOf(value: string): string | null {
  return isEncrypted(value) ? (value.slice(PREFIX.length).split(':')[0] ?? null) : null;
}

export function encryptSecret(keyring: SecretsKeyring, plaintext: string, context: string): string {
  const key = keyring.keys.get(keyring.currentKeyId)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return `${PREFIX}${keyring.currentKeyId}:${parts.join(':')}`;
}

/** Open a stored value; a plaintext, tampered or unknown-key value is an error naming why. */
export function decryptSecret(keyring: SecretsKeyring, stored: string, context: string): string {
  if (!isEncrypted(stored)) {
    throw new Error(`${context} is stored in plain text: run \`npm run secrets:rotate\``);
  }
  const [keyId, iv, tag, ciphertext] = stored.slice(PREFIX.length).split(':');
  const key = keyId ? keyring.keys.get(keyId) : undefined;
  if (!key || !iv || !tag || ciphertext === undefined) {
    throw new Error(
      `${context} was encrypted with key "${keyId ?? ''}", which is neither SECRETS_KEY nor in SECRETS_PREVIOUS_KEYS`,
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new Error(`${context} does not open with key "${keyId}" (altered or moved)`);
  }
}
