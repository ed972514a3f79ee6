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

export function writeToken(token: string, jar: CookieJar = documentCookies): void {
  jar.set(
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`,
  );
}

export function clearToken(jar: CookieJar = documentCookies): void {
  jar.set(`${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
}
