import { describe, expect, it } from 'vitest';
import {
  createKeyring,
  decryptSecret,
  devKeyring,
  encryptSecret,
  isEncrypted,
  keyIdOf,
  parseSecretsKey,
} from './secrets.js';

const key = (id: string, byte: number) => `${id}:${Buffer.alloc(32, byte).toString('base64')}`;

describe('secrets at rest', () => {
  it('encrypts to a value naming its key, and opens it again', () => {
    const keyring = createKeyring(key('k1', 1));
    const stored = encryptSecret(keyring, 'the app secret', 'sites.wechat_app_secret:a');
    expect(isEncrypted(stored)).toBe(true);
    expect(keyIdOf(stored)).toBe('k1');
    expect(stored).not.toContain('the app secret');
    expect(decryptSecret(keyring, stored, 'sites.wechat_app_secret:a')).toBe('the app secret');
  });

  it('never encrypts the same value twice to the same text (a fresh IV each time)', () => {
    const keyring = devKeyring();
    expect(encryptSecret(keyring, 'x', 'c')).not.toBe(encryptSecret(keyring, 'x', 'c'));
  });

  it('refuses a value moved to another row or column', () => {
    const keyring = devKeyring();
    const stored = encryptSecret(keyring, 'secret', 'sites.wechat_app_secret:site-a');
    expect(() => decryptSecret(keyring, stored, 'sites.wechat_app_secret:site-b')).toThrow(
      /does not open with key "dev"/,
    );
  });

  it('refuses an altered value', () => {
    const keyring = devKeyring();
    const stored = encryptSecret(keyring, 'secret', 'c');
    const altered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
    expect(() => decryptSecret(keyring, altered, 'c')).toThrow(/altered or moved/);
  });

  it('opens values of a previous key after a rotation, and says when a key is missing', () => {
    const old = createKeyring(key('k1', 1));
    const stored = encryptSecret(old, 'secret', 'c');
    const rotated = createKeyring(key('k2', 2), [key('k1', 1)]);
    expect(rotated.currentKeyId).toBe('k2');
    expect(decryptSecret(rotated, stored, 'c')).toBe('secret');
    expect(() => decryptSecret(createKeyring(key('k2', 2)), stored, 'c')).toThrow(
      /encrypted with key "k1", which is neither SECRETS_KEY nor in SECRETS_PREVIOUS_KEYS/,
    );
  });

  it('refuses to open plain text, pointing at the rotation command', () => {
    expect(() => decryptSecret(devKeyring(), 'plain', 'sites.x:1')).toThrow(/secrets:rotate/);
  });

  it.each([
    'nocolon',
    'k1:',
    `k1:${Buffer.alloc(16).toString('base64')}`,
    `bad id:${'A'.repeat(44)}`,
  ])('refuses the key %s', (text) => {
    expect(() => parseSecretsKey(text)).toThrow(/<id>:<base64 of 32 random bytes>/);
  });
});
