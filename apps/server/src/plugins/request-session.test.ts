import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionAuthenticator, SiteRow } from '../app-deps.js';
import { sessionOf, signedInUserOf } from './request-session.js';

describe("a call's session", () => {
  it('is looked up once per request however many steps ask, and only opens its own site', async () => {
    const asked: (string | undefined)[] = [];
    const sessions: SessionAuthenticator = {
      authenticate: () => Promise.reject(new Error('the call uses the request look-up')),
      async find(token) {
        asked.push(token);
        if (token !== 'good') return null;
        return {
          siteId: 'site-a',
          user: { id: 'user-1', siteId: 'site-a' } as Awaited<ReturnType<typeof signedInUserOf>>,
        };
      },
    };
    const app = Fastify();
    // The rate limit's key, then the call's check, as app.ts orders them.
    app.addHook('onRequest', async (request) => {
      await sessionOf(request, sessions);
    });
    app.get('/me', async (request) => {
      const site = { id: String(request.headers.site) } as SiteRow;
      const user = await signedInUserOf(request, sessions, site).catch(() => null);
      return { user: user?.id ?? null };
    });
    const me = async (token: string, site: string) =>
      (await app.inject({ url: '/me', headers: { token, site } })).json<{ user: string | null }>();

    expect(await me('good', 'site-a')).toEqual({ user: 'user-1' });
    expect(asked).toEqual(['good']);
    expect(await me('good', 'site-b')).toEqual({ user: null });
    expect(await me('bad', 'site-a')).toEqual({ user: null });
    expect(asked).toEqual(['good', 'good', 'bad']);
    await app.close();
  });
});
