import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * WeChat Pay API v2's wire format, which 付款码 payment (`/pay/micropay`, `/pay/orderquery`,
 * `/secapi/pay/reverse`) still uses: flat XML bodies signed with the merchant's v2 API key.
 * Signing (WeChat's 安全规范): the non-empty parameters except `sign`, sorted by name (ASCII),
 * joined as `k=v&…`, then `&key=<API key>`; MD5 or HMAC-SHA256 (keyed with the API key) of that,
 * upper-case hex. Pure: no network, no domain knowledge.
 */
export type V2SignType = 'MD5' | 'HMAC-SHA256';
export type V2Params = Record<string, string>;

export function signV2(params: V2Params, apiKey: string, signType: V2SignType = 'MD5'): string {
  const text = `${canonicalString(params)}&key=${apiKey}`;
  const digest =
    signType === 'MD5'
      ? createHash('md5').update(text, 'utf8').digest('hex')
      : createHmac('sha256', apiKey).update(text, 'utf8').digest('hex');
  return digest.toUpperCase();
}

/** Whether an answer's (or a request's) `sign` is right for its `sign_type` (MD5 when absent). */
export function verifyV2(params: V2Params, apiKey: string): boolean {
  const given = params.sign;
  if (!given) return false;
  const signType: V2SignType = params.sign_type === 'HMAC-SHA256' ? 'HMAC-SHA256' : 'MD5';
  const expected = signV2(params, apiKey, signType);
  const a = Buffer.from(given.toUpperCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The string signed: new fields WeChat adds later are signed too (its rule 5). */
function canonicalString(params: V2Params): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== undefined && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/** `<xml>` with one element per parameter, values in CDATA (a `]]>` inside split safely). */
export function toV2Xml(params: V2Params): string {
  const body = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad XML name ${name}`);
      return `<${name}><![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]></${name}>`;
    })
    .join('');
  return `<xml>${body}</xml>`;
}

/**
 * The flat `<xml>` of a v2 body as parameters. A document type or entity is refused outright
 * (WeChat's own advice against XXE); nested elements are not part of these calls.
 */
export function parseV2Xml(text: string): V2Params {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('XML with a DOCTYPE or ENTITY refused');
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(text);
  if (!root) throw new Error('not a WeChat Pay v2 XML body');
  const params: V2Params = {};
  const element = /<([A-Za-z_][A-Za-z0-9_]*)>((?:<!\[CDATA\[[\s\S]*?\]\]>)+|[^<]*)<\/\1>/g;
  for (const match of root[1]!.matchAll(element)) {
    const raw = match[2]!;
    params[match[1]!] = raw.startsWith('<![CDATA[')
      ? [...raw.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((part) => part[1]).join('')
      : unescapeXml(raw);
  }
  return params;
}

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/**
 * What a `/pay/micropay` answer means for the till (WeChat's documented handling):
 * - `paid`: result_code SUCCESS
 * - `waiting`: USERPAYING, the customer confirms the password on the phone: ask `/pay/orderquery`
 *   every few seconds, and reverse (`/secapi/pay/reverse`) when it does not end in time
 * - `unknown`: SYSTEMERROR / BANKERROR or a failed call: the payment may have gone through, so ask
 *   with orderquery (and reverse if still not paid), never charge again with a new code
 * - `failed`: anything else (AUTHCODEEXPIRE, NOTENOUGH, …): nothing was taken; `reason` says why
 */
export type MicropayOutcome =
  | { kind: 'paid'; transactionId: string }
  | { kind: 'waiting' }
  | { kind: 'unknown'; reason: string }
  | { kind: 'failed'; code: string; reason: string };

export function micropayOutcome(answer: V2Params): MicropayOutcome {
  if (answer.return_code !== 'SUCCESS') {
    return { kind: 'unknown', reason: answer.return_msg ?? 'return_code FAIL' };
  }
  if (answer.result_code === 'SUCCESS' && answer.transaction_id) {
    return { kind: 'paid', transactionId: answer.transaction_id };
  }
  const code = answer.err_code ?? 'UNKNOWN';
  if (code === 'USERPAYING') return { kind: 'waiting' };
  if (code === 'SYSTEMERROR' || code === 'BANKERROR') {
    return { kind: 'unknown', reason: answer.err_code_des ?? code };
  }
  return { kind: 'failed', code, reason: answer.err_code_des ?? code };
}
