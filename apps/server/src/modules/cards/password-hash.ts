import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt, N = 2^14, r = 8, p = 1: about 70 ms per hash on the 2-core build machine (2^15 took
 * 145 ms there), so guessing a 6-digit password offline costs hours per hash, not seconds. The
 * parameters travel in the stored string, so raising them later keeps old hashes verifiable.
 */
const COST = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(secret: Buffer, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The pepper (a server-side secret) enters through HMAC, so a stolen table alone is useless. */
function secretOf(password: string, pepper: string | null): Buffer {
  return pepper === null
    ? Buffer.from(password, 'utf8')
    : createHmac('sha256', pepper).update(password, 'utf8').digest();
}

/** `scrypt$N$r$p$salt$hash` (base64url). `pepper` null: vouchers, whose secrets we issue. */
export async function hashSecret(password: string, pepper: string | null): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secretOf(password, pepper), salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')]
    .map(String)
    .join('$');
}

export async function verifySecret(
  password: string,
  stored: string,
  pepper: string | null,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(secretOf(password, pepper), Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: compare against it so an unknown voucher costs as much time. */
export const DECOY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
