import { describe, expect, it } from 'vitest';
import { buildPayload, encryptPayload } from './pay-password-transform.js';

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = btoa(
    String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))),
  );
  return { spki, privateKey: pair.privateKey };
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

describe('the pay password transform', () => {
  it('builds a payload with the password, the time and a 16-byte url-safe nonce', () => {
    const payload = buildPayload('258013', 1_700_000_000_000, (bytes) => bytes.fill(255));
    expect(payload).toEqual({
      password: '258013',
      timestamp: 1_700_000_000_000,
      nonce: '_____________________w',
    });
  });

  it('draws a new nonce each time', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => buildPayload('1', 1).nonce));
    expect(nonces.size).toBe(20);
  });

  it('encrypts with RSA-OAEP SHA-256 so that the private key opens the same JSON', async () => {
    const { spki, privateKey } = await keyPair();
    const payload = buildPayload('258013', 1_700_000_000_000);
    const encrypted = await encryptPayload(spki, payload);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(bytesOf(encrypted)).toHaveLength(256);
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytesOf(encrypted));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(payload);
  });

  it('gives a different ciphertext for the same password (no replayable constant)', async () => {
    const { spki } = await keyPair();
    const payload = buildPayload('258013', 1);
    expect(await encryptPayload(spki, payload)).not.toBe(await encryptPayload(spki, payload));
  });
});
