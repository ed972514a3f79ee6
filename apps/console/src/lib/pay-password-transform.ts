import { payKeyCall, type PayPasswordPayload } from '@marquee/contracts';
import { api } from './api/api-client';

/**
 * A member's pay password typed on the till's keypad leaves the browser the way it does in the
 * moviegoers' app (spec §5): RSA-OAEP with SHA-256, with the key the server publishes
 * (`/security/payKey`), over `{ password, timestamp, nonce }`, base64. The server refuses a
 * payload older than 5 minutes or seen before, so every try is encrypted afresh.
 */
export function buildPayload(
  password: string,
  now: number,
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): PayPasswordPayload {
  const nonce = toBase64(random(new Uint8Array(16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return { password, timestamp: now, nonce };
}

/** A payload encrypted with a base64 SPKI RSA public key (RSA-OAEP, SHA-256); base64 out. */
export async function encryptPayload(spkiBase64: string, payload: PayPasswordPayload) {
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain);
  return toBase64(new Uint8Array(cipher));
}

let publishedKey: Promise<string> | undefined;

/** Forget the cached key (after the server says a payload could not be opened). */
export function forgetPayKey(): void {
  publishedKey = undefined;
}

/** The password as a call sends it. */
export async function encryptPassword(password: string): Promise<string> {
  publishedKey ??= api(payKeyCall).then((answer) => answer.spki);
  publishedKey.catch(forgetPayKey);
  return encryptPayload(await publishedKey, buildPayload(password, Date.now()));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
