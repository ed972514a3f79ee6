import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionAuthenticator, SiteRow } from '../app-deps.js';
import { identityOf, signedInIdentityOf, signedInUserOf } from './request-session.js';

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
      keptIdentity: () => null,
      forget: () => undefined,
      close: async () => undefined,
    };
    const app = Fastify();
    // The rate limit's key, then the call's check, as app.ts orders them.
    app.addHook('onRequest', async (request) => {
      await identityOf(request, sessions);
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

  it('takes a kept identity without a query where the id is enough, and the user from one', async () => {
    const asked: (string | undefined)[] = [];
    const user = { id: 'user-1', siteId: 'site-a', sessionId: 's-1' };
    const sessions: SessionAuthenticator = {
      authenticate: () => Promise.reject(new Error('the call uses the request look-up')),
      async find(token) {
        asked.push(token);
        return token === 'good'
          ? { siteId: 'site-a', user: user as Awaited<ReturnType<typeof signedInUserOf>> }
          : null;
      },
      keptIdentity: (token) => (token === 'good' ? { siteId: 'site-a', user } : null),
      forget: () => undefined,
      close: async () => undefined,
    };
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      await identityOf(request, sessions);
    });
    app.get('/hold', async (request) => {
      const site = { id: String(request.headers.site) } as SiteRow;
      const found = await signedInIdentityOf(request, sessions, site).catch(() => null);
      return { user: found?.id ?? null };
    });
    app.get('/me', async (request) => {
      const site = { id: String(request.headers.site) } as SiteRow;
      return { user: (await signedInUserOf(request, sessions, site)).id };
    });
    const get = async (url: string, token: string, site = 'site-a') =>
      (await app.inject({ url, headers: { token, site } })).json<{ user: string | null }>();

    expect(await get('/hold', 'good')).toEqual({ user: 'user-1' });
    expect(await get('/hold', 'good', 'site-b')).toEqual({ user: null });
    expect(asked).toEqual([]);
    expect(await get('/me', 'good')).toEqual({ user: 'user-1' });
    expect(asked).toEqual(['good']);
    // Not kept: the one full look-up answers both the key and the check.
    expect(await get('/hold', 'other')).toEqual({ user: null });
    expect(asked).toEqual(['good', 'other']);
    await app.close();
  });
});
