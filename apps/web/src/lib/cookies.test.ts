import { describe, expect, it, vi } from 'vitest';
import { clearToken, readToken, writeToken, type CookieJar } from './cookies';

function jar() {
  const written: string[] = [];
  const cookies: CookieJar = {
    get: () => written.at(-1)?.split(';')[0] ?? '',
    set: (value) => written.push(value),
  };
  return { cookies, written };
}

describe('the movie.token cookie', () => {
  it('is Secure on a page served over HTTPS', () => {
    const { cookies, written } = jar();
    writeToken('tok en', cookies, true);
    expect(written[0]).toBe('movie.token=tok%20en; Max-Age=86400; Path=/; SameSite=Lax; Secure');
    expect(readToken(cookies)).toBe('tok en');
    clearToken(cookies, true);
    expect(written[1]).toBe('movie.token=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('is not Secure on plain HTTP (local development), or the browser would drop it', () => {
    const { cookies, written } = jar();
    writeToken('tok', cookies, false);
    expect(written[0]).not.toContain('Secure');
  });

  it('follows the page protocol when not told', () => {
    const { cookies, written } = jar();
    vi.stubGlobal('location', { protocol: 'https:' });
    try {
      writeToken('tok', cookies);
    } finally {
      vi.unstubAllGlobals();
    }
    vi.stubGlobal('location', { protocol: 'http:' });
    try {
      writeToken('tok', cookies);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(written[0]).toContain('; Secure');
    expect(written[1]).not.toContain('Secure');
  });
});
