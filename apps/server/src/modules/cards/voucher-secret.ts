import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { verifySecret } from './password-hash.js';

/**
 * Top-up card (voucher) numbers and passwords, drawn with the CSPRNG, and how their passwords are
 * stored (docs/decisions/019): `hmac$<base64url>` = HMAC-SHA256 under the server's pepper of the
 * site, the number and the password. A fast keyed hash, not scrypt: a batch of 1000 cards would
 * take 70 s of scrypt, and the passwords are random 8-digit secrets we issue, guarded online by
 * the voucher throttle and offline by the pepper, which never sits in the database.
 * Vouchers stored before (`scrypt$…`, the demo's) still verify.
 */

/** '88' and 12 random digits (14 in all): the demo and older vouchers have 10, so no clash. */
export function drawVoucherNo(): string {
  return `88${digits(12)}`;
}

/** 8 random digits: the longest the moviegoers' recharge form takes (6 to 8). */
export function drawVoucherPassword(): string {
  return digits(8);
}

function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

function keyedHash(pepper: string, siteId: string, cardNo: string, password: string): Buffer {
  return createHmac('sha256', pepper)
    .update(`voucher\u0000${siteId}\u0000${cardNo}\u0000${password}`, 'utf8')
    .digest();
}

export function hashVoucherPassword(
  pepper: string,
  siteId: string,
  cardNo: string,
  password: string,
): string {
  return `hmac$${keyedHash(pepper, siteId, cardNo, password).toString('base64url')}`;
}

/** Whether `password` is the voucher's; `stored` null (no such number) costs about the same. */
export async function verifyVoucherPassword(
  pepper: string,
  voucher: { siteId: string; cardNo: string; stored: string | null },
  password: string,
): Promise<boolean> {
  const stored = voucher.stored ?? DECOY_VOUCHER_HASH;
  if (stored.startsWith('scrypt$')) return verifySecret(password, stored, null);
  const [scheme, hash] = stored.split('$');
  const key = keyedHash(pepper, voucher.siteId, voucher.cardNo, password);
  const expected = Buffer.from(hash ?? '', 'base64url');
  return (
    scheme === 'hmac' &&
    voucher.stored !== null &&
    key.length === expected.length &&
    timingSafeEqual(key, expected)
  );
}

/** Compared against when the number is unknown, so a miss takes the time of a keyed hash. */
const DECOY_VOUCHER_HASH = `hmac$${Buffer.alloc(32).toString('base64url')}`;
