import { cinemaIsoOf } from '@marquee/contracts';
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * The signature and encryption rules of WeChat Pay API v3, as WeChat documents them. Pure
 * functions: the adapters and the fake WeChat server use the same ones, and the unit tests check
 * them against vectors computed with openssl and Python's `cryptography`.
 */

/** WeChat's signing strings: every line ends with "\n", the last one too. */
export function signingMessage(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

function privateKeyOf(pem: string): KeyObject {
  let key = privateKeys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    privateKeys.set(pem, key);
  }
  return key;
}

/** A PEM public key or a PEM certificate (WeChat's platform certificate holds the key). */
function publicKeyOf(pem: string): KeyObject {
  let key = publicKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    publicKeys.set(pem, key);
  }
  return key;
}

/** SHA256 with RSA (PKCS#1 v1.5), base64: requests, the client's paySign, WeChat's answers. */
export function signSha256Rsa(privateKeyPem: string, message: string): string {
  return createSign('RSA-SHA256')
    .update(message, 'utf8')
    .sign(privateKeyOf(privateKeyPem), 'base64');
}

export function verifySha256Rsa(publicKeyPem: string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(publicKeyOf(publicKeyPem), signature, 'base64');
  } catch {
    return false;
  }
}

/** Letters and digits, as WeChat's examples use for nonce_str and nonceStr. */
export function wechatNonce(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

export interface AuthorizationInput {
  mchid: string;
  serialNo: string;
  privateKeyPem: string;
  method: string;
  /** The path with its query string, without scheme and host: `/v3/pay/transactions/jsapi`. */
  pathWithQuery: string;
  timestamp: number;
  nonce: string;
  /** The JSON sent, exactly as sent; '' for GET. */
  body: string;
}

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** The merchant's `Authorization` header of one API v3 request. */
export function authorizationHeader(input: AuthorizationInput): string {
  const signature = signSha256Rsa(
    input.privateKeyPem,
    signingMessage([
      input.method.toUpperCase(),
      input.pathWithQuery,
      String(input.timestamp),
      input.nonce,
      input.body,
    ]),
  );
  return (
    `${AUTH_SCHEMA} mchid="${input.mchid}",nonce_str="${input.nonce}",` +
    `signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

/** The fields of an `Authorization` header (order free, as WeChat allows); null when malformed. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!;
  }
  return fields;
}

/** The client's paySign: RSA over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function clientPaySign(
  privateKeyPem: string,
  fields: { appId: string; timeStamp: string; nonceStr: string; package: string },
): string {
  return signSha256Rsa(
    privateKeyPem,
    signingMessage([fields.appId, fields.timeStamp, fields.nonceStr, fields.package]),
  );
}

/** What WeChat signs in its answers and notifications: `timestamp\nnonce\nbody\n`. */
export function wechatMessage(timestamp: string, nonce: string, body: string): string {
  return signingMessage([timestamp, nonce, body]);
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type: string;
}

const TAG_BYTES = 16;

/** Decrypt a notification's `resource` with the APIv3 key; throws when the tag does not match. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new Error(`unknown resource algorithm ${String(resource.algorithm)}`);
  }
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) throw new Error('resource ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** The fake WeChat server's side of `decryptResource`. */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  options: { nonce: string; associatedData: string; originalType: string },
): EncryptedResource {
  const cipher = createCipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(options.nonce, 'utf8'),
  );
  cipher.setAAD(Buffer.from(options.associatedData, 'utf8'));
  const data = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: options.associatedData,
    nonce: options.nonce,
    original_type: options.originalType,
  };
}

/** RFC 3339 in Beijing time, as WeChat writes and reads times: `2026-11-22T11:15:00+08:00`. */
export function toBeijingRfc3339(date: Date): string {
  return cinemaIsoOf(date);
}
