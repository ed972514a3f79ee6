import type { PayPasswordPayload } from '../calls/pay-password.js';

/**
 * Spec §5: the pay password and the payment password are transformed before sending. The
 * transform: WebCrypto RSA-OAEP with SHA-256, with the public key the server publishes
 * (GET /security/payKey), over the JSON `{ password, timestamp, nonce }`; the server refuses
 * payloads older than 5 minutes and payloads it has seen before. The result is base64. The
 * moviegoers' app and the till's keypad both send it this way.
 */

/** The plaintext: the password, when it was typed, and 16 random bytes that make it single-use. */
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

/** Encrypt a payload with a base64 SPKI RSA public key (RSA-OAEP, SHA-256); base64 out. */
export async function encryptPayload(
  spkiBase64: string,
  payload: PayPasswordPayload,
): Promise<string> {
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
