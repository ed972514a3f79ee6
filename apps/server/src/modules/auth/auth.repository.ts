import { CompiledQuery, type Selectable } from 'kysely';
import type { Executor, SessionOrigin, UsersTable } from '../../db/schema.js';
import type { MessengerProfile } from '../messenger/index.js';
import { SESSION_ENDS_CHANNEL_PREFIX } from './session-cache.js';

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
  session: {
    siteId: string;
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    signedInBy: SessionOrigin;
    createdAt: Date;
  },
) {
  return trx
    .insertInto('sessions')
    .values({
      site_id: session.siteId,
      user_id: session.userId,
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
      signed_in_by: session.signedInBy,
      created_at: session.createdAt,
    })
    .execute();
}

/** How and when a session was made. */
export function findSessionOrigin(db: Executor, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['signed_in_by', 'created_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * The live session of a token (not revoked, not expired) with its user, on whichever site. Every
 * signed-in call runs it, so its text is written once, not built per call (a hold's round trip is hot).
 */
const LIVE_SESSION_SQL = `select users.id, users.site_id, users.openid, users.nickname,
    users.avatar_url, users.phone, users.pay_password_hash, users.pay_password_locked_until,
    users.is_care_mode, users.created_at, sessions.id as session_id, sessions.site_id as session_site_id,
    sessions.expires_at as session_expires_at
  from sessions join users on users.id = sessions.user_id
  where sessions.token_hash = $1 and sessions.revoked_at is null and sessions.expires_at > $2`;

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const { rows } = await db.executeQuery<LiveSessionRow>(
    CompiledQuery.raw(LIVE_SESSION_SQL, [tokenHash, now]),
  );
  return rows[0];
}
export type LiveSessionRow = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'site_id'
  | 'openid'
  | 'nickname'
  | 'avatar_url'
  | 'phone'
  | 'pay_password_hash'
  | 'pay_password_locked_until'
  | 'is_care_mode'
  | 'created_at'
> & { session_id: string; session_site_id: string; session_expires_at: Date };

/**
 * Revoke a session, and tell every server instance at the commit (session-cache.ts): they keep
 * sessions' identities in memory for a few seconds.
 */
export async function revokeSession(trx: Executor, sessionId: string, now: Date) {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await trx.executeQuery(CompiledQuery.raw(SESSION_ENDS_SQL, [sessionId]));
}
const SESSION_ENDS_SQL = `select pg_notify('${SESSION_ENDS_CHANNEL_PREFIX}' || current_schema(), $1)`;

/** Write the preferences named in a checked change; the others stay as they are. */
export function updatePreferences(trx: Executor, userId: string, change: { isCareMode?: boolean }) {
  return trx
    .updateTable('users')
    .set(change.isCareMode === undefined ? {} : { is_care_mode: change.isCareMode })
    .where('id', '=', userId)
    .returning(['is_care_mode'])
    .executeTakeFirstOrThrow();
}

export function insertHandOffCode(
  trx: Executor,
  row: { siteId: string; userId: string; sessionId: string; codeHash: string; expiresAt: Date },
) {
  return trx
    .insertInto('hand_off_codes')
    .values({
      site_id: row.siteId,
      user_id: row.userId,
      session_id: row.sessionId,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Take a live hand-off code of the site once, in one statement (two exchanges of one code: one
 * gets it), with the session that minted it while that one is live. Undefined otherwise.
 */
export function useHandOffCode(trx: Executor, siteId: string, codeHash: string, now: Date) {
  return trx
    .updateTable('hand_off_codes')
    .set({ used_at: now })
    .from('sessions')
    .whereRef('sessions.id', '=', 'hand_off_codes.session_id')
    .where('hand_off_codes.code_hash', '=', codeHash)
    .where('hand_off_codes.site_id', '=', siteId)
    .where('hand_off_codes.used_at', 'is', null)
    .where('hand_off_codes.expires_at', '>', now)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .returning(['hand_off_codes.user_id', 'sessions.expires_at as session_expires_at'])
    .executeTakeFirst();
}
