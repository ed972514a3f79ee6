import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL of staff sign-in: the password's row, the counters per address and account, sessions. */

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
 * How long the `max`-th wrong password in a row refuses (`firstSeconds`), doubling with each
 * further one, at most `capSeconds`: the one place this is computed (in the counting statement).
 */
export interface LockRule {
  max: number;
  firstSeconds: number;
  capSeconds: number;
}

function lockUntil(count: RawBuilder<number>, now: Date, rule: LockRule) {
  return sql<Date>`${now}::timestamptz + least(
    ${rule.firstSeconds} * power(2, least(${count} - ${rule.max}, 20)), ${rule.capSeconds}
  ) * interval '1 second'`;
}

/** How this account has fared from this address: its wrong tries, its refusal, its last sign-in. */
export function findAddress(db: Executor, staffId: string, address: string) {
  return db
    .selectFrom('staff_sign_in_addresses')
    .select(['failed_in_row', 'blocked_until', 'signed_in_at'])
    .where('staff_id', '=', staffId)
    .where('address', '=', address)
    .executeTakeFirst();
}

/**
 * Count one wrong password from an address in one statement, so concurrent wrong tries each
 * count exactly. The `max`-th in a row and each later one refuse the address until a growing
 * time; an address already refused stays refused until its time (tries that slipped past the
 * check still count).
 */
export function recordAddressFailure(
  db: Executor,
  staffId: string,
  address: string,
  now: Date,
  rule: LockRule,
) {
  const count = sql<number>`staff_sign_in_addresses.failed_in_row + 1`;
  return db
    .insertInto('staff_sign_in_addresses')
    .values({
      staff_id: staffId,
      address,
      failed_in_row: 1,
      blocked_until: rule.max <= 1 ? lockUntil(sql<number>`1`, now, rule) : null,
      last_failed_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['staff_id', 'address']).doUpdateSet({
        failed_in_row: count,
        last_failed_at: now,
        blocked_until: sql<Date | null>`case
          when staff_sign_in_addresses.blocked_until > ${now}
            then staff_sign_in_addresses.blocked_until
          when ${count} >= ${rule.max} then ${lockUntil(count, now, rule)}
          else null end`,
      }),
    )
    .returning(['failed_in_row', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * Count one wrong password from an unfamiliar address against the account, in one statement; the
 * `max`-th in a row and each later one pause unfamiliar addresses for a growing time. The count
 * starts again only with a right password (`clearUnfamiliarFailuresUnlessPaused`).
 */
export function recordUnfamiliarFailure(db: Executor, staffId: string, now: Date, rule: LockRule) {
  const count = sql<number>`failed_logins + 1`;
  return db
    .updateTable('staff')
    .set({
      failed_logins: count,
      locked_until: sql<Date | null>`case
        when locked_until > ${now} then locked_until
        when ${count} >= ${rule.max} then ${lockUntil(count, now, rule)}
        else locked_until end`,
    })
    .where('id', '=', staffId)
    .returning(['failed_logins', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * A right password from an address: its count starts again and it is familiar from now on,
 * unless a refusal of it landed meanwhile (then: no row).
 */
export function recordSignInUnlessBlocked(
  db: Executor,
  staffId: string,
  address: string,
  now: Date,
) {
  return db
    .insertInto('staff_sign_in_addresses')
    .values({ staff_id: staffId, address, failed_in_row: 0, signed_in_at: now })
    .onConflict((oc) =>
      oc
        .columns(['staff_id', 'address'])
        .doUpdateSet({ failed_in_row: 0, blocked_until: null, signed_in_at: now })
        .where((eb) =>
          eb.or([
            eb('staff_sign_in_addresses.blocked_until', 'is', null),
            eb('staff_sign_in_addresses.blocked_until', '<=', now),
          ]),
        ),
    )
    .returning('staff_id')
    .executeTakeFirst();
}

/**
 * A right password starts the account's count of unfamiliar wrong tries again, unless a pause is
 * running (then: no row; a familiar address gets in all the same, an unfamiliar one does not).
 */
export function clearUnfamiliarFailuresUnlessPaused(db: Executor, staffId: string, now: Date) {
  return db
    .updateTable('staff')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', staffId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
}

/** A new password lifts every address's refusal of the account (the addresses stay familiar). */
export function clearAddressFailures(trx: Executor, staffId: string) {
  return trx
    .updateTable('staff_sign_in_addresses')
    .set({ failed_in_row: 0, blocked_until: null })
    .where('staff_id', '=', staffId)
    .execute();
}

/** Of these accounts, those with an address refused now (the console's "paused"). */
export function staffIdsWithBlockedAddress(db: Executor, staffIds: string[], now: Date) {
  if (staffIds.length === 0) return Promise.resolve([] as string[]);
  return db
    .selectFrom('staff_sign_in_addresses')
    .select('staff_id')
    .distinct()
    .where('staff_id', 'in', staffIds)
    .where('blocked_until', '>', now)
    .execute()
    .then((rows) => rows.map((row) => row.staff_id));
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
