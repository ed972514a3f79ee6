import { describe, expect, it } from 'vitest';
import { buildPayload, encryptPayload } from './pay-password-transform';

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
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString(
    'base64',
  );
  return { spki, privateKey: pair.privateKey };
}

describe('the till keypad password transform', () => {
  it('puts the password, the time and a 16-byte url-safe nonce in the payload', () => {
    expect(buildPayload('258013', 1_700_000_000_000, (bytes) => bytes.fill(255))).toEqual({
      password: '258013',
      timestamp: 1_700_000_000_000,
      nonce: '_____________________w',
    });
  });

  it('encrypts so that only the private key reads it back, differently each time', async () => {
    const { spki, privateKey } = await keyPair();
    const payload = buildPayload('258013', 1_700_000_000_000);
    const first = await encryptPayload(spki, payload);
    const second = await encryptPayload(spki, payload);
    expect(first).not.toBe(second);
    expect(first).not.toContain('258013');
    const plain = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      privateKey,
      Buffer.from(first, 'base64'),
    );
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(payload);
  });
});
