import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL of staff sign-in: the password's row, the lockout counters, and sessions. */

export function findForLogin(db: Executor, siteId: string, username: string) {
  return db
    .selectFrom('staff')
    .select([
      'id',
      'username',
      'display_name',
      'role',
      'password_hash',
      'is_active',
      'locked_until',
    ])
    .where('site_id', '=', siteId)
    .where('username', '=', username)
    .executeTakeFirst();
}

/**
 * Count one wrong password in one statement, so concurrent wrong tries each count exactly. The
 * `max`-th in a row locks the account until `lockUntil`; a lock that has run out starts the count
 * again; an account already locked stays locked until its time (tries that slipped past the check
 * still count).
 */
export function recordFailedLogin(
  db: Executor,
  staffId: string,
  now: Date,
  max: number,
  lockUntil: Date,
) {
  const count = sql<number>`case when locked_until is not null and locked_until <= ${now}
    then 1 else failed_logins + 1 end`;
  return db
    .updateTable('staff')
    .set({
      failed_logins: count,
      locked_until: sql<Date | null>`case
        when locked_until > ${now} then locked_until
        when ${count} >= ${max} then ${lockUntil}::timestamptz
        else null end`,
    })
    .where('id', '=', staffId)
    .returning(['failed_logins', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/** Clear the counters on a right password, unless a lock landed meanwhile (then: no row). */
export function clearFailedLoginsUnlessLocked(db: Executor, staffId: string, now: Date) {
  return db
    .updateTable('staff')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', staffId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
}

export function insertSession(
  trx: Executor,
  session: { siteId: string; staffId: string; tokenHash: string; now: Date; expiresAt: Date },
) {
  return trx
    .insertInto('staff_sessions')
    .values({
      site_id: session.siteId,
      staff_id: session.staffId,
      token_hash: session.tokenHash,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The staff member of a live session on this site: not revoked, not expired, still active. */
export function findStaffByLiveSession(db: Executor, siteId: string, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as session_id',
      'staff.id',
      'staff.site_id',
      'staff.username',
      'staff.display_name',
      'staff.role',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.site_id', '=', siteId)
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now)
    .where('staff.is_active', '=', true)
    .executeTakeFirst();
}

/** Whose live session a token is, on any site: what the console's rate limits count by. */
export function findStaffIdByLiveSession(db: Executor, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_sessions')
    .select('staff_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export function cinemaIdsOf(db: Executor, staffId: string) {
  return db
    .selectFrom('staff_cinemas')
    .select('cinema_id')
    .where('staff_id', '=', staffId)
    .execute()
    .then((rows) => rows.map((row) => row.cinema_id));
}

export function revokeSession(trx: Executor, sessionId: string, now: Date) {
  return trx
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Revoke every live session of an account (deactivated, password reset): the count revoked. */
export async function revokeAllSessions(trx: Executor, staffId: string, now: Date) {
  const result = await trx
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findCinemaOfSite(db: Executor, siteId: string, cinemaId: string) {
  return db
    .selectFrom('cinemas')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', cinemaId)
    .executeTakeFirst();
}
