import { createPublicKey, X509Certificate } from 'node:crypto';

/**
 * WeChat Pay's platform keys of one merchant: the keys WeChat signs its answers and notices with,
 * each named by a serial (a platform certificate's serial number, or a WeChat Pay public key's id
 * `PUB_KEY_ID_…`). During a rotation, or the move from certificates to a public key, WeChat signs
 * with the old and the new key side by side for days, so a merchant keeps several and verifies
 * each message with the key its `Wechatpay-Serial` names.
 */
export interface WechatPlatformKey {
  serial: string;
  /** A PEM public key or certificate. */
  publicKeyPem: string;
  validFrom: Date;
  /** Null: no end known (a public key), until retired. */
  validUntil: Date | null;
}

export const PUBLIC_KEY_ID_PREFIX = 'PUB_KEY_ID_';

export function isUsableAt(key: WechatPlatformKey, now: Date): boolean {
  return key.validFrom <= now && (key.validUntil === null || now < key.validUntil);
}

/**
 * The key named on requests (header `Wechatpay-Serial`): the newest usable one (latest valid
 * from; between equals the first listed, and sites list the last added first), which asks WeChat
 * to answer with it (public-key mode) and is the one fields would be encrypted for.
 */
export function keyForRequests(
  keys: readonly WechatPlatformKey[],
  now: Date,
): WechatPlatformKey | null {
  let newest: WechatPlatformKey | null = null;
  for (const key of keys) {
    if (isUsableAt(key, now) && (!newest || key.validFrom > newest.validFrom)) newest = key;
  }
  return newest;
}

/** The usable key of a message's `Wechatpay-Serial`, or why there is none. */
export function keyForSerial(
  keys: readonly WechatPlatformKey[],
  serial: string,
  now: Date,
): { key: WechatPlatformKey } | { problem: string } {
  const key = keys.find((candidate) => candidate.serial.toUpperCase() === serial.toUpperCase());
  if (!key) return { problem: `unknown platform serial ${serial}` };
  if (!isUsableAt(key, now)) {
    return {
      problem: `platform key ${serial} is valid from ${key.validFrom.toISOString()} until ${
        key.validUntil?.toISOString() ?? 'retired'
      }, not at ${now.toISOString()}`,
    };
  }
  return { key };
}

/**
 * Check a platform key an operator adds: a certificate must carry the serial given (its validity
 * comes from it unless overridden); a public key's serial is its id `PUB_KEY_ID_…`. Throws a
 * message naming what is wrong.
 */
export function describePlatformKey(input: {
  serial: string;
  pem: string;
  validFrom?: Date;
  validUntil?: Date;
  now: Date;
}): WechatPlatformKey {
  const serial = input.serial.trim();
  let certificate: X509Certificate | null = null;
  if (input.pem.includes('BEGIN CERTIFICATE')) {
    try {
      certificate = new X509Certificate(input.pem);
    } catch (error) {
      throw new Error(`not a PEM certificate (${String(error)})`);
    }
    if (certificate.serialNumber.toUpperCase() !== serial.toUpperCase()) {
      throw new Error(
        `the certificate's serial is ${certificate.serialNumber}, not ${serial}: give the serial WeChat names it by`,
      );
    }
  } else {
    try {
      createPublicKey(input.pem);
    } catch (error) {
      throw new Error(`not a PEM public key or certificate (${String(error)})`);
    }
    if (!new RegExp(`^${PUBLIC_KEY_ID_PREFIX}\\w+$`).test(serial)) {
      throw new Error(
        `a WeChat Pay public key's serial is its id ${PUBLIC_KEY_ID_PREFIX}… (a certificate's serial comes with its certificate file)`,
      );
    }
  }
  const validFrom = input.validFrom ?? (certificate ? new Date(certificate.validFrom) : input.now);
  const validUntil = input.validUntil ?? (certificate ? new Date(certificate.validTo) : null);
  if (validUntil && validUntil <= validFrom) {
    throw new Error(
      `valid until ${validUntil.toISOString()} is not after valid from ${validFrom.toISOString()}`,
    );
  }
  return { serial, publicKeyPem: input.pem, validFrom, validUntil };
}
