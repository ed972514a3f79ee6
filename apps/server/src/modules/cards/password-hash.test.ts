import { describe, expect, it } from 'vitest';
import { DECOY_HASH, hashSecret, verifySecret } from './password-hash.js';

describe('password hashing', () => {
  it('verifies the right password and nothing else, with the pepper it was made with', async () => {
    const hash = await hashSecret('258013', 'pepper-a');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifySecret('258013', hash, 'pepper-a')).toBe(true);
    expect(await verifySecret('258014', hash, 'pepper-a')).toBe(false);
    expect(await verifySecret('258013', hash, 'pepper-b')).toBe(false);
    expect(await verifySecret('258013', hash, null)).toBe(false);
  });

  it('salts each hash, so equal passwords hash differently', async () => {
    expect(await hashSecret('258013', null)).not.toBe(await hashSecret('258013', null));
  });

  it('matches nothing with the decoy or a malformed hash', async () => {
    expect(await verifySecret('', DECOY_HASH, null)).toBe(false);
    expect(await verifySecret('258013', 'md5$abc', null)).toBe(false);
  });
});
