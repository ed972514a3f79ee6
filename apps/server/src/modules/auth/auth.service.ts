import type { UserInfo } from '@marquee/contracts';
import type { AppDeps, SessionAuthenticator, SignedInUser, SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { MessengerProfile } from '../messenger/index.js';
import * as authRepository from './auth.repository.js';
import { createSessionCache, type CachedIdentity } from './session-cache.js';

/** Sessions live 24 hours, as the web app's `movie.token` cookie does (spec §9). */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

function toSignedInUser(
  row: Omit<authRepository.LiveSessionRow, 'session_id' | 'session_site_id' | 'session_expires_at'>,
  sessionId: string,
): SignedInUser {
  return {
    id: row.id,
    siteId: row.site_id,
    sessionId,
    openid: row.openid,
    nickname: row.nickname,
    avatarUrl: row.avatar_url,
    phone: row.phone,
    hasPayPassword: row.pay_password_hash !== null,
    payPasswordLockedUntil: row.pay_password_locked_until,
    isCareMode: row.is_care_mode,
    createdAt: row.created_at,
  };
}

/** A lock still running, as the user info says it (a lock that has run out is none). */
function lockedUntil(until: Date | null | undefined, now: Date): string | null {
  return until && until.getTime() > now.getTime() ? until.toISOString() : null;
}

export function toUserInfo(user: SignedInUser, now: Date): UserInfo {
  return {
    id: user.id,
    nickname: user.nickname,
    avatarUrl: user.avatarUrl,
    phone: user.phone,
    hasPayPassword: user.hasPayPassword,
    payPasswordLockedUntil: lockedUntil(user.payPasswordLockedUntil, now),
    isCareMode: user.isCareMode,
    createdAt: user.createdAt.toISOString(),
  };
}

export function createSessionAuthenticator(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'listen'>>,
): SessionAuthenticator {
  // Without a way to hear of sign-outs elsewhere, nothing is kept (every look-up asks).
  const cache = deps.listen ? createSessionCache({ ...deps, listen: deps.listen }) : null;
  function identityOf(row: authRepository.LiveSessionRow | undefined): CachedIdentity | null {
    if (!row) return null;
    return {
      siteId: row.session_site_id,
      user: { id: row.id, siteId: row.site_id, sessionId: row.session_id },
      expiresAt: row.session_expires_at,
    };
  }
  async function find(token: string | undefined) {
    if (!token || token.length > 200) return null;
    const tokenHash = sha256Hex(token);
    const read = () => authRepository.findLiveSession(deps.db, tokenHash, deps.clock.now());
    const row = await (cache ? cache.remember(tokenHash, read, identityOf) : read());
    return row ? { siteId: row.session_site_id, user: toSignedInUser(row, row.session_id) } : null;
  }
  return {
    find,
    async authenticate(site, token) {
      const session = await find(token);
      if (!session || session.siteId !== site.id) throw new AppError('SESSION_INVALID');
      return session.user;
    },
    keptIdentity(token) {
      if (!cache || !token || token.length > 200) return null;
      const kept = cache.get(sha256Hex(token));
      return kept ? { siteId: kept.siteId, user: kept.user } : null;
    },
    forget: (sessionId) => cache?.forget(sessionId),
    close: async () => cache?.close(),
  };
}

/** The user of a live session token, read now (not from the per-process cache). */
export async function userOfToken(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<SignedInUser> {
  const row = await authRepository.findLiveSession(deps.db, sha256Hex(token), deps.clock.now());
  if (!row) throw new AppError('SESSION_INVALID');
  return toSignedInUser(row, row.session_id);
}

/** Sign-in, after the messenger vouched for the profile: one transaction for user and session. */
export async function signIn(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  profile: MessengerProfile,
): Promise<{ userInfo: UserInfo; token: string }> {
  const token = randomToken();
  const now = deps.clock.now();
  const user = await deps.db.transaction().execute(async (trx) => {
    const row = await authRepository.upsertByOpenid(trx, site.id, profile);
    await authRepository.insertSession(trx, {
      siteId: site.id,
      userId: row.id,
      tokenHash: sha256Hex(token),
      expiresAt: addSeconds(now, SESSION_TTL_SECONDS),
      signedInBy: 'wechatCode',
      createdAt: now,
    });
    return row;
  });
  return { userInfo: toUserInfo(toSignedInUser(user, ''), now), token };
}

export async function signOut(
  deps: Pick<AppDeps, 'db' | 'clock' | 'sessions'>,
  user: SignedInUser,
) {
  await deps.db
    .transaction()
    .execute((trx) => authRepository.revokeSession(trx, user.sessionId, deps.clock.now()));
  // Ended here at once; other instances hear it from the revocation's NOTIFY (session-cache.ts).
  deps.sessions.forget(user.sessionId);
  return { isSignedOut: true };
}

/**
 * Whether the session was made by a WeChat authorisation (the OAuth code exchange, not a
 * hand-off) within the last `maxAgeSeconds`: the proof a first pay password takes on an account
 * with card money and no phone (decision 046).
 */
export async function isFreshAuthorisation(
  db: Executor,
  sessionId: string,
  now: Date,
  maxAgeSeconds: number,
): Promise<boolean> {
  const session = await authRepository.findSessionOrigin(db, sessionId);
  if (!session || session.signed_in_by !== 'wechatCode') return false;
  return now.getTime() - session.created_at.getTime() <= maxAgeSeconds * 1000;
}
