/**
 * The JS-SDK signature as WeChat documents it: the four fields sorted by name (jsapi_ticket,
 * noncestr, timestamp, url), joined as a query string without escaping, then SHA-1 in lowercase
 * hex. The url is the page's full URL without its #hash.
 */
export interface JsapiSignatureInput {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}

export function signingUrl(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

/**
 * The URL WeChat checks: iOS WeChat keeps the URL the page was first opened with (history API
 * navigations do not change it), Android WeChat uses the current one.
 */
export function pageUrlToSign(page: {
  userAgent: string;
  currentUrl: string;
  landingUrl: string | undefined;
}): string {
  const isIos = /iPhone|iPad|iPod/i.test(page.userAgent);
  return signingUrl(isIos && page.landingUrl ? page.landingUrl : page.currentUrl);
}

export function jsapiSigningString(input: JsapiSignatureInput): string {
  return (
    `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}` +
    `&timestamp=${input.timestamp}&url=${signingUrl(input.url)}`
  );
}

export async function jsapiSignature(input: JsapiSignatureInput): Promise<string> {
  const bytes = new TextEncoder().encode(jsapiSigningString(input));
  const digest = await crypto.subtle.digest('SHA-1', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
