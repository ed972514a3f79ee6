import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Tencent Cloud API 3.0 request signing, signature method v3 (TC3-HMAC-SHA256), as Tencent's
 * "签名方法 v3" documents it: a canonical request (method, URI "/", query, the signed headers
 * lower-cased key:value lines, their names, the body's SHA-256), a string to sign (algorithm,
 * timestamp, `<UTC date>/<service>/tc3_request`, the canonical request's SHA-256), and a key
 * derived from the secret key by HMAC over the date, the service and "tc3_request". Used by the
 * SMS adapter to sign and by the fake Tencent SMS to check.
 */

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

export interface Tc3Credentials {
  secretId: string;
  secretKey: string;
}

export interface Tc3Request {
  method: 'POST' | 'GET';
  /** The query string of a GET ("" for POST). */
  query?: string;
  /** Header name → value; only the signed ones, `content-type` and `host` at least. */
  headers: Record<string, string>;
  payload: string;
  /** Unix seconds, the X-TC-Timestamp header. */
  timestamp: number;
  /** The product, as in its domain: `sms` for sms.tencentcloudapi.com. */
  service: string;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC date of a timestamp: Tencent rejects a local date (signing fails after midnight UTC+8). */
export function utcDateOf(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** Headers sorted by their lower-cased name; keys and values lower-cased and trimmed. */
function signedHeaderLines(headers: Record<string, string>) {
  const lines = Object.entries(headers)
    .map(([name, value]) => [name.trim().toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    canonicalHeaders: lines.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders: lines.map(([name]) => name).join(';'),
  };
}

export function canonicalRequestOf(request: Tc3Request): string {
  const { canonicalHeaders, signedHeaders } = signedHeaderLines(request.headers);
  return [
    request.method,
    '/',
    request.query ?? '',
    canonicalHeaders,
    signedHeaders,
    sha256Hex(request.payload),
  ].join('\n');
}

export function stringToSignOf(request: Tc3Request): string {
  return [
    TC3_ALGORITHM,
    String(request.timestamp),
    `${utcDateOf(request.timestamp)}/${request.service}/tc3_request`,
    sha256Hex(canonicalRequestOf(request)),
  ].join('\n');
}

/** The derived key: HMAC chain "TC3" + secret key → date → service → "tc3_request". */
export function signingKeyOf(secretKey: string, date: string, service: string): Buffer {
  return hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
}

export function tc3Signature(secretKey: string, request: Tc3Request): string {
  const key = signingKeyOf(secretKey, utcDateOf(request.timestamp), request.service);
  return hmac(key, stringToSignOf(request)).toString('hex');
}

/** The Authorization header of a request. */
export function tc3Authorization(credentials: Tc3Credentials, request: Tc3Request): string {
  const scope = `${utcDateOf(request.timestamp)}/${request.service}/tc3_request`;
  const { signedHeaders } = signedHeaderLines(request.headers);
  return (
    `${TC3_ALGORITHM} Credential=${credentials.secretId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${tc3Signature(credentials.secretKey, request)}`
  );
}

export interface ParsedTc3Authorization {
  secretId: string;
  date: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** Read an Authorization header (the checking side); null when it is not TC3's shape. */
export function parseTc3Authorization(header: string | undefined): ParsedTc3Authorization | null {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    );
  if (!match) return null;
  return {
    secretId: match[1]!,
    date: match[2]!,
    service: match[3]!,
    signedHeaders: match[4]!.split(';'),
    signature: match[5]!,
  };
}

/** Compare two hex signatures in constant time. */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
