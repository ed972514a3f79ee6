import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listen } from '../../db/client.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import type { SessionAuthenticator } from '../../app-deps.js';
import { createSessionAuthenticator, SESSION_TTL_SECONDS, signOut } from './auth.service.js';
import { SESSION_CACHE_MS } from './session-cache.js';

const NO_SHOW = '00000000-0000-4000-8000-000000000000';

/** A hold of a show that does not exist: 40401 for a live session, -1001 for none. */
async function holdProbe(t: TestApp, token: string): Promise<number> {
  const { body } = await call(t.app, {
    method: 'POST',
    url: '/api/filmOrder/create',
    token,
    body: { showId: NO_SHOW, seatIds: ['a'] },
  });
  return body.code;
}

/** Look the token up until the authenticator keeps it (the first look-ups start its LISTEN). */
async function untilKept(sessions: SessionAuthenticator, token: string) {
  for (let i = 0; i < 50 && !sessions.keptIdentity(token); i += 1) {
    await sessions.find(token);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(sessions.keptIdentity(token)).not.toBeNull();
}

describeOnEachDatabase('sessions kept in memory (session-cache.ts)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  describe('with a LISTEN that never hears anything', () => {
    let lost: ((error: unknown) => void) | null = null;
    const deaf: Listen = async (_channel, _onPayload, onLost) => {
      lost = onLost;
      return Object.assign(async () => undefined, { sync: async () => undefined });
    };
    let sessions: SessionAuthenticator;
    beforeAll(() => {
      sessions = createSessionAuthenticator({ db: t.db, clock: t.clock, listen: deaf });
    });
    afterAll(() => sessions.close());

    it('drops a session signed out in this process at once', async () => {
      const token = await signIn(t.app, uniqueOpenid('cache'));
      await untilKept(sessions, token);
      const session = (await sessions.find(token))!;
      await signOut({ db: t.db, clock: t.clock, sessions }, session.user);
      expect(sessions.keptIdentity(token)).toBeNull();
      expect(await sessions.find(token)).toBeNull();
    });

    it('never answers a session past its expiry, kept or not', async () => {
      const token = await signIn(t.app, uniqueOpenid('cache'));
      await untilKept(sessions, token);
      t.clock.advance(SESSION_TTL_SECONDS + 1);
      try {
        expect(sessions.keptIdentity(token)).toBeNull();
        expect(await sessions.find(token)).toBeNull();
      } finally {
        t.clock.advance(-(SESSION_TTL_SECONDS + 1));
      }
    });

    it('keeps nothing once its LISTEN is lost, and until it listens again', async () => {
      const token = await signIn(t.app, uniqueOpenid('cache'));
      await untilKept(sessions, token);
      lost!(new Error('connection cut'));
      expect(sessions.keptIdentity(token)).toBeNull();
      await sessions.find(token);
      expect(sessions.keptIdentity(token)).toBeNull();
      await untilKept(sessions, token);
    });
  });

  it('drops a session signed out on another instance as soon as its NOTIFY arrives', async () => {
    // Another instance on the same database, as a second server process would have.
    const other = createSessionAuthenticator({
      db: t.db,
      clock: t.clock,
      listen: t.database.listen,
    });
    try {
      const token = await signIn(t.app, uniqueOpenid('cache'));
      await untilKept(other, token);
      const logout = await call(t.app, {
        method: 'POST',
        url: '/api/userInfo/logout',
        token,
        body: {},
      });
      expect(logout.body.code).toBe(0);
      // Well before the cache's own limit: only the NOTIFY can have dropped it.
      const deadline = performance.now() + SESSION_CACHE_MS / 4;
      while (other.keptIdentity(token) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(other.keptIdentity(token)).toBeNull();
      expect(await other.find(token)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('lets a hold through on a kept session and refuses it right after the sign-out', async () => {
    const token = await signIn(t.app, uniqueOpenid('cache'));
    for (let i = 0; i < 3; i += 1) expect(await holdProbe(t, token)).toBe(40401);
    await call(t.app, { method: 'POST', url: '/api/userInfo/logout', token, body: {} });
    expect(await holdProbe(t, token)).toBe(-1001);
  });

  it('refuses a hold on a kept session once it has expired', async () => {
    const token = await signIn(t.app, uniqueOpenid('cache'));
    for (let i = 0; i < 3; i += 1) expect(await holdProbe(t, token)).toBe(40401);
    t.clock.advance(SESSION_TTL_SECONDS + 1);
    try {
      expect(await holdProbe(t, token)).toBe(-1001);
    } finally {
      t.clock.advance(-(SESSION_TTL_SECONDS + 1));
    }
  });
});
