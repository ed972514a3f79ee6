import { describe, expect, it } from 'vitest';
import {
  canonicalRequestOf,
  parseTc3Authorization,
  sha256Hex,
  signingKeyOf,
  stringToSignOf,
  tc3Authorization,
  tc3Signature,
  utcDateOf,
  type Tc3Request,
} from './tc3-signature.js';

/*
 * The worked example of Tencent Cloud's "签名方法 v3" page (a CVM DescribeInstances call of
 * 2019-02-25): its SecretKey is printed masked as 32 asterisks, and the published derived keys
 * and signature are those of exactly that string, so every step can be checked.
 */
const example: Tc3Request = {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json; charset=utf-8',
    Host: 'cvm.tencentcloudapi.com',
    'X-TC-Action': 'DescribeInstances',
  },
  payload:
    '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  timestamp: 1551113065,
  service: 'cvm',
};
const exampleSecretKey = '*'.repeat(32);
const exampleSecretId = `AKID${'*'.repeat(32)}`;

describe('TC3-HMAC-SHA256 (Tencent Cloud signature v3)', () => {
  it("reproduces the canonical request of Tencent's worked example byte for byte", () => {
    expect(sha256Hex(example.payload)).toBe(
      '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(canonicalRequestOf(example)).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        'x-tc-action:describeinstances',
        '',
        'content-type;host;x-tc-action',
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
      ].join('\n'),
    );
  });

  it('reproduces its string to sign, with the UTC date (2019-02-26 in China)', () => {
    expect(utcDateOf(example.timestamp)).toBe('2019-02-25');
    expect(stringToSignOf(example)).toBe(
      [
        'TC3-HMAC-SHA256',
        '1551113065',
        '2019-02-25/cvm/tc3_request',
        '7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84',
      ].join('\n'),
    );
  });

  it('reproduces its derived signing key, signature and Authorization header', () => {
    expect(signingKeyOf(exampleSecretKey, '2019-02-25', 'cvm').toString('hex')).toBe(
      'b596b923aad85185e2d1f6659d2a062e0a86731226e021e61bfe06f7ed05f5af',
    );
    expect(tc3Signature(exampleSecretKey, example)).toBe(
      '10b1a37a7301a02ca19a647ad722d5e43b4b3cff309d421d85b46093f6ab6c4f',
    );
    expect(
      tc3Authorization({ secretId: exampleSecretId, secretKey: exampleSecretKey }, example),
    ).toBe(
      `TC3-HMAC-SHA256 Credential=${exampleSecretId}/2019-02-25/cvm/tc3_request, ` +
        'SignedHeaders=content-type;host;x-tc-action, ' +
        'Signature=10b1a37a7301a02ca19a647ad722d5e43b4b3cff309d421d85b46093f6ab6c4f',
    );
  });

  it('signs another body, key or day differently', () => {
    const base = tc3Signature(exampleSecretKey, example);
    expect(tc3Signature(exampleSecretKey, { ...example, payload: '{}' })).not.toBe(base);
    expect(tc3Signature('x'.repeat(32), example)).not.toBe(base);
    expect(tc3Signature(exampleSecretKey, { ...example, timestamp: 1551113065 + 86_400 })).not.toBe(
      base,
    );
  });

  it('reads back the header it writes, and refuses other shapes', () => {
    const parsed = parseTc3Authorization(
      tc3Authorization({ secretId: 'AKIDtest', secretKey: 'key' }, { ...example, service: 'sms' }),
    );
    expect(parsed).toMatchObject({
      secretId: 'AKIDtest',
      date: '2019-02-25',
      service: 'sms',
      signedHeaders: ['content-type', 'host', 'x-tc-action'],
    });
    expect(parseTc3Authorization('Bearer abc')).toBeNull();
    expect(parseTc3Authorization(undefined)).toBeNull();
  });
});
