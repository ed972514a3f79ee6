import { isIP } from 'node:net';

const segmenter = new Intl.Segmenter('zh', { granularity: 'grapheme' });

/**
 * `text` cut to at most `maxBytes` of UTF-8, as WeChat Pay counts its field limits (a Chinese
 * character is 3 bytes): whole characters only, and never a character apart from its combining
 * marks or an emoji from its modifiers (cut between grapheme clusters).
 */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let kept = '';
  let bytes = 0;
  for (const { segment } of segmenter.segment(text)) {
    const size = Buffer.byteLength(segment, 'utf8');
    if (bytes + size > maxBytes) break;
    kept += segment;
    bytes += size;
  }
  return kept;
}

/**
 * Why WeChat Pay would refuse a notify_url on this origin, or null: it must be https on a public
 * host name, without a port, path, query or credentials (WeChat posts notices to such URLs only,
 * and refuses prepays and refunds naming another).
 */
export function wechatNotifyOriginProblem(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `${origin} is not a URL`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') return `${origin} is not https`;
  if (url.port !== '') return `${origin} names a port (WeChat Pay calls back on 443 only)`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return `${origin} is not a bare origin (no path, query or credentials)`;
  }
  if (isIP(host) !== 0) return `${origin} is an IP address, not a public host name`;
  if (!host.includes('.') || host === 'localhost' || host.endsWith('.localhost')) {
    return `${origin} is not a public host name`;
  }
  return null;
}
