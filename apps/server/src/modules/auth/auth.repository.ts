import type { Executor } from '../../db/schema.js';
import type { MessengerProfile } from '../messenger/index.js';

const userColumns = [
  'users.id',
  'users.site_id',
  'users.openid',
  'users.nickname',
  'users.avatar_url',
  'users.phone',
  'users.pay_password_hash',
  'users.pay_password_locked_until',
  'users.is_care_mode',
  'users.created_at',
] as const;

/** Create the user on first sign-in; later sign-ins refresh the messenger's profile. */
export function upsertByOpenid(trx: Executor, siteId: string, profile: MessengerProfile) {
  return trx
    .insertInto('users')
    .values({
      site_id: siteId,
      openid: profile.openid,
      unionid: profile.unionid ?? null,
      nickname: profile.nickname,
      avatar_url: profile.avatarUrl,
    })
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'openid']).doUpdateSet({
        nickname: profile.nickname,
        avatar_url: profile.avatarUrl,
        unionid: profile.unionid ?? null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertSession(
  trx: Executor,
  session: { siteId: string; userId: string; tokenHash: string; expiresAt: Date },
) {
  return trx
    .insertInto('sessions')
    .values({
      site_id: session.siteId,
      user_id: session.userId,
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The user of a live session: not revoked, not expired, on this site. */
export function findUserByLiveSession(db: Executor, siteId: string, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...userColumns, 'sessions.id as session_id'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.site_id', '=', siteId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Whose live session a token is, on any site: what rate limits count by. */
export function findUserIdByLiveSession(db: Executor, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export function revokeSession(trx: Executor, sessionId: string, now: Date) {
  return trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Write the preferences named in a checked change; the others stay as they are. */
export function updatePreferences(trx: Executor, userId: string, change: { isCareMode?: boolean }) {
  return trx
    .updateTable('users')
    .set(change.isCareMode === undefined ? {} : { is_care_mode: change.isCareMode })
    .where('id', '=', userId)
    .returning(['is_care_mode'])
    .executeTakeFirstOrThrow();
}
