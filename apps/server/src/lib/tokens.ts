import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session tokens and one-time codes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
