import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  describePlatformKey,
  keyForRequests,
  keyForSerial,
  type WechatPlatformKey,
} from './platform-keys.js';

const fixture = (name: string) =>
  fs.readFileSync(
    new URL(`../../test-support/fake-wechat/fixtures/${name}`, import.meta.url),
    'utf8',
  );
const certificatePem = fixture('test-platform-certificate.pem');
const publicKeyPem = fixture('test-platform-public-key.pem');
const CERT_SERIAL = '7132D72A03E93CDDF8C03BBD1F37EEDF6F7A1F2B';

const key = (serial: string, from: string, until: string | null = null): WechatPlatformKey => ({
  serial,
  publicKeyPem,
  validFrom: new Date(from),
  validUntil: until === null ? null : new Date(until),
});
const now = new Date('2026-11-22T02:00:00Z');

describe('keyForRequests', () => {
  it('names the newest key valid now, not one that starts later or has ended', () => {
    const old = key('OLD', '2021-01-01T00:00:00Z', '2026-12-31T00:00:00Z');
    const current = key('PUB_KEY_ID_NEW', '2026-11-20T00:00:00Z');
    const later = key('PUB_KEY_ID_LATER', '2026-11-23T00:00:00Z');
    const ended = key('ENDED', '2026-11-21T00:00:00Z', '2026-11-22T00:00:00Z');
    expect(keyForRequests([old, current, later, ended], now)?.serial).toBe('PUB_KEY_ID_NEW');
    expect(keyForRequests([old, later], now)?.serial).toBe('OLD');
    expect(keyForRequests([later, ended], now)).toBeNull();
  });
});

describe('keyForSerial', () => {
  it('finds a key by its serial (case aside) only while it is valid', () => {
    const keys = [key(CERT_SERIAL, '2020-01-01T00:00:00Z', '2026-11-22T02:00:00Z')];
    expect(
      keyForSerial(keys, CERT_SERIAL.toLowerCase(), new Date('2026-11-22T01:59:59Z')),
    ).toHaveProperty('key');
    expect(keyForSerial(keys, CERT_SERIAL, now)).toEqual({
      problem: expect.stringMatching(/until 2026-11-22T02:00:00.000Z, not at/) as unknown,
    });
    expect(keyForSerial(keys, 'PUB_KEY_ID_X', now)).toEqual({
      problem: 'unknown platform serial PUB_KEY_ID_X',
    });
  });
});

describe('describePlatformKey', () => {
  it("reads a certificate's validity and checks its serial", () => {
    expect(describePlatformKey({ serial: CERT_SERIAL, pem: certificatePem, now })).toMatchObject({
      serial: CERT_SERIAL,
      validFrom: new Date('2020-01-01T00:00:00Z'),
      validUntil: new Date('2040-01-01T00:00:00Z'),
    });
    expect(() => describePlatformKey({ serial: 'ABC123', pem: certificatePem, now })).toThrow(
      /the certificate's serial is 7132D72A.*not ABC123/,
    );
  });

  it('wants a public key named by its PUB_KEY_ID_, valid from now unless told', () => {
    expect(
      describePlatformKey({ serial: 'PUB_KEY_ID_0112340000', pem: publicKeyPem, now }),
    ).toEqual({
      serial: 'PUB_KEY_ID_0112340000',
      publicKeyPem,
      validFrom: now,
      validUntil: null,
    });
    expect(() => describePlatformKey({ serial: CERT_SERIAL, pem: publicKeyPem, now })).toThrow(
      /public key's serial is its id PUB_KEY_ID_/,
    );
    expect(() => describePlatformKey({ serial: 'PUB_KEY_ID_1', pem: 'not a key', now })).toThrow(
      /not a PEM public key or certificate/,
    );
    expect(() =>
      describePlatformKey({
        serial: 'PUB_KEY_ID_1',
        pem: publicKeyPem,
        now,
        validUntil: new Date('2026-01-01T00:00:00Z'),
      }),
    ).toThrow(/is not after valid from/);
  });
});
