import { sql } from 'kysely';
import type { AppDeps, SessionIdentity } from '../../app-deps.js';

/**
 * Who a token belongs to, kept in memory for a few seconds: a seat hold under a
 * pre-sale crowd then costs no session query. Only the identity is kept (user id, sites, session
 * id), never the user's profile, which other calls change (phone, pay password, care mode): calls
 * that read the profile still look the session up (bindCall's `session: 'identity'` opts in).
 *
 * A sign-out ends the session at once everywhere: in this process `forget` drops it right after
 * the commit, and the sign-out's transaction NOTIFYs `session_ends_<schema>` with the session id,
 * which every instance (this one too) listens to and drops it on. The cache is used only while
 * that LISTEN runs: before it is up, and from the moment its connection is lost, every identity
 * is read from the database (and what was kept is dropped). A read that was running while any
 * session ended is not kept (it may have read the session just before its end). Expiry is checked
 * on every use against the session's own `expires_at` on the app's clock.
 */

/** How long an identity is trusted without asking the database again (ms, real time). */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_LIMIT = 50_000;
const RETRY_MS = 5_000;

export const SESSION_ENDS_CHANNEL_PREFIX = 'session_ends_';

export interface CachedIdentity {
  /** The site the session was signed in on. */
  siteId: string;
  user: SessionIdentity;
  expiresAt: Date;
}

export interface SessionCache {
  /** The identity of a token hash, if kept, live on the app's clock and fresh. */
  get(tokenHash: string): CachedIdentity | null;
  /**
   * Read through: `read` asks the database; its answer is kept when nothing ended meanwhile and
   * the invalidation feed listens.
   */
  remember<T>(
    tokenHash: string,
    read: () => Promise<T>,
    identityOf: (found: T) => CachedIdentity | null,
  ): Promise<T>;
  /** Drop a session (signed out in this process): at once, before the NOTIFY comes back. */
  forget(sessionId: string): void;
  /** Whether identities are kept now (the LISTEN runs). */
  isActive(): boolean;
  close(): Promise<void>;
}

export function createSessionCache(deps: Pick<AppDeps, 'db' | 'listen' | 'clock'>): SessionCache {
  const byHash = new Map<string, CachedIdentity & { until: number }>();
  const hashBySession = new Map<string, string>();
  /** Counts sessions ended (and feeds lost): a read that saw it change is not kept. */
  let endings = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  let isListening = false;
  let isClosed = false;

  function forget(sessionId: string) {
    endings += 1;
    const hash = hashBySession.get(sessionId);
    if (hash === undefined) return;
    hashBySession.delete(sessionId);
    byHash.delete(hash);
  }

  function dropAll() {
    endings += 1;
    byHash.clear();
    hashBySession.clear();
  }

  /** After a failed LISTEN, when to try again (not on every look-up while the server refuses). */
  let retryAt = 0;

  function startListening() {
    if (listening || isClosed || performance.now() < retryAt) return;
    listening = (async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        deps.db,
      );
      return deps.listen(`${SESSION_ENDS_CHANNEL_PREFIX}${rows[0]!.schema}`, forget, () => {
        // Ends may be missed from now on: keep nothing until listening again (next look-up).
        isListening = false;
        listening = null;
        dropAll();
      });
    })();
    listening.then(
      () => {
        if (!isClosed) isListening = true;
      },
      () => {
        listening = null;
        retryAt = performance.now() + RETRY_MS;
      },
    );
  }

  return {
    get(tokenHash) {
      const kept = byHash.get(tokenHash);
      if (!kept || !isListening) return null;
      if (kept.until <= performance.now() || kept.expiresAt <= deps.clock.now()) {
        byHash.delete(tokenHash);
        hashBySession.delete(kept.user.sessionId);
        return null;
      }
      return kept;
    },
    async remember(tokenHash, read, identityOf) {
      startListening();
      const endingsBefore = endings;
      const wasListening = isListening;
      const found = await read();
      const identity = identityOf(found);
      if (identity && wasListening && isListening && endings === endingsBefore && !isClosed) {
        if (byHash.size >= SESSION_CACHE_LIMIT) {
          byHash.clear();
          hashBySession.clear();
        }
        byHash.set(tokenHash, { ...identity, until: performance.now() + SESSION_CACHE_MS });
        hashBySession.set(identity.user.sessionId, tokenHash);
      }
      return found;
    },
    forget,
    isActive: () => isListening,
    async close() {
      isClosed = true;
      isListening = false;
      dropAll();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
