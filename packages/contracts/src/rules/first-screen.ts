/**
 * The first screen of the landing pages (decisions 033 and 034), what the web app and
 * the server that writes it into the page both need; the calls themselves are in
 * first-screen-calls.ts (the app's entry does not carry them).
 */

/** The films a phone shows before scrolling: their posters load at once, the rest lazily. */
export const FIRST_SCREEN_FILMS = 4;
/** The goods a phone shows before scrolling: their pictures load at once, the rest lazily. */
export const FIRST_SCREEN_GOODS = 4;
/** Goods per page of the store's list. */
export const GOODS_PAGE_SIZE = 10;

/** Spec §7: the `site` header is the host's first label, and 'www-test' on localhost. */
export function siteFromHost(hostname: string): string {
  if (hostname === 'localhost' || hostname === '127.0.0.1') return 'www-test';
  return hostname.split('.')[0] ?? hostname;
}

/** One call's key in the answers a page carries: its path and its query, in a fixed order. */
export function firstScreenAnswerKey(path: string, query: Readonly<Record<string, unknown>>) {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The element of the served page that carries its first screen's answers, as JSON. */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers';

/**
 * What that element holds: the answers (`data` of each call's envelope, keyed by
 * `firstScreenAnswerKey`) asked as the app asks them from this site in this language. The app
 * takes them only when its own site and language are the same.
 */
export interface FirstScreenAnswers {
  site: string;
  lang: 'zh' | 'en';
  answers: Record<string, unknown>;
}
