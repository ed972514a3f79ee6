/** Spec §9: the token lives in cookie `movie.token` for 24 hours. */
export const TOKEN_COOKIE = 'movie.token';
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface CookieJar {
  get(): string;
  set(value: string): void;
}

export const documentCookies: CookieJar = {
  get: () => document.cookie,
  set: (value) => {
    document.cookie = value;
  },
};

export function readToken(jar: CookieJar = documentCookies): string | undefined {
  for (const part of jar.get().split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(rest.join('=')) || undefined;
  }
  return undefined;
}

/**
 * The cookie is written by the page itself (the server sets none), so the page's own protocol
 * says whether it was served over HTTPS: there, `Secure` keeps the token off plain HTTP (behind a
 * TLS-terminating proxy the browser still sees https:).
 */
function isHttpsPage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

function attributes(isSecure: boolean): string {
  return `Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}

export function writeToken(
  token: string,
  jar: CookieJar = documentCookies,
  isSecure: boolean = isHttpsPage(),
): void {
  jar.set(
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; ${attributes(isSecure)}`,
  );
}

export function clearToken(
  jar: CookieJar = documentCookies,
  isSecure: boolean = isHttpsPage(),
): void {
  jar.set(`${TOKEN_COOKIE}=; Max-Age=0; ${attributes(isSecure)}`);
}
