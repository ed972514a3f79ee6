import { sql } from 'kysely';
import type { StaffRole } from '@marquee/contracts/console';
import type { Executor } from '../../db/schema.js';

/** SQL of staff accounts and the cinemas they cover. No rules here: the service decides. */

const staffColumns = [
  'staff.id',
  'staff.site_id',
  'staff.username',
  'staff.display_name',
  'staff.role',
  'staff.is_active',
  'staff.failed_logins',
  'staff.locked_until',
  'staff.created_at',
] as const;

export function findById(db: Executor, siteId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(staffColumns)
    .where('site_id', '=', siteId)
    .where('id', '=', staffId)
    .executeTakeFirst();
}

/** The same row, locked until the transaction ends: changes to one account queue up. */
export function findByIdForUpdate(db: Executor, siteId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(staffColumns)
    .where('site_id', '=', siteId)
    .where('id', '=', staffId)
    .forUpdate()
    .executeTakeFirst();
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** A page of staff, newest first; `cinemaIds` keeps those who cover one of them (owners never). */
export async function listPage(
  db: Executor,
  siteId: string,
  filter: {
    role?: StaffRole;
    isActive?: boolean;
    cinemaIds?: string[];
    limit: number;
    offset: number;
  },
) {
  let query = db.selectFrom('staff').where('site_id', '=', siteId);
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.isActive !== undefined) query = query.where('is_active', '=', filter.isActive);
  if (filter.cinemaIds) {
    const cinemaIds = filter.cinemaIds;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('staff_cinemas')
          .select('staff_cinemas.staff_id')
          .whereRef('staff_cinemas.staff_id', '=', 'staff.id')
          .where('staff_cinemas.cinema_id', 'in', cinemaIds.length ? cinemaIds : ['']),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select(staffColumns)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

export function cinemasOfStaff(db: Executor, staffIds: string[]) {
  if (staffIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('staff_cinemas')
    .innerJoin('cinemas', 'cinemas.id', 'staff_cinemas.cinema_id')
    .select(['staff_cinemas.staff_id', 'cinemas.id', 'cinemas.name', 'cinemas.name_en'])
    .where('staff_cinemas.staff_id', 'in', staffIds)
    .orderBy('cinemas.name')
    .execute();
}

export function cinemasOfSite(db: Executor, siteId: string) {
  return db
    .selectFrom('cinemas')
    .select(['id', 'name', 'name_en as nameEn'])
    .where('site_id', '=', siteId)
    .orderBy('name')
    .execute();
}

export function countCinemasOfSite(db: Executor, siteId: string, cinemaIds: string[]) {
  if (cinemaIds.length === 0) return Promise.resolve(0);
  return db
    .selectFrom('cinemas')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('id', 'in', cinemaIds)
    .executeTakeFirstOrThrow()
    .then((row) => row.count);
}

/** Insert an account; undefined when the username is taken on the site (the unique index says). */
export function insertStaff(
  trx: Executor,
  values: {
    siteId: string;
    username: string;
    displayName: string;
    passwordHash: string;
    role: StaffRole;
    now: Date;
  },
) {
  return trx
    .insertInto('staff')
    .values({
      site_id: values.siteId,
      username: values.username,
      display_name: values.displayName,
      password_hash: values.passwordHash,
      role: values.role,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((conflict) => conflict.columns(['site_id', 'username']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function replaceCinemas(
  trx: Executor,
  siteId: string,
  staffId: string,
  cinemaIds: string[],
) {
  await trx.deleteFrom('staff_cinemas').where('staff_id', '=', staffId).execute();
  if (cinemaIds.length === 0) return;
  await trx
    .insertInto('staff_cinemas')
    .values(
      cinemaIds.map((cinemaId) => ({ site_id: siteId, staff_id: staffId, cinema_id: cinemaId })),
    )
    .execute();
}

export function updateProfile(
  trx: Executor,
  staffId: string,
  changes: { displayName: string; role: StaffRole; now: Date },
) {
  return trx
    .updateTable('staff')
    .set({ display_name: changes.displayName, role: changes.role, updated_at: changes.now })
    .where('id', '=', staffId)
    .execute();
}

/** A new password also lifts a lockout: the owner who reset it vouches for the person. */
export function updatePassword(trx: Executor, staffId: string, passwordHash: string, now: Date) {
  return trx
    .updateTable('staff')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now })
    .where('id', '=', staffId)
    .execute();
}

export function deactivate(trx: Executor, staffId: string, now: Date) {
  return trx
    .updateTable('staff')
    .set({ is_active: false, updated_at: now })
    .where('id', '=', staffId)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** Active owners of the site, locked in id order, so two demotions cannot both pass the count. */
export function lockActiveOwners(trx: Executor, siteId: string) {
  return trx
    .selectFrom('staff')
    .select('id')
    .where('site_id', '=', siteId)
    .where('role', '=', 'owner')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** For the command line: the site's id by its code. */
export function findSiteIdByCode(db: Executor, code: string) {
  return db
    .selectFrom('sites')
    .select(['id', sql<string>`code`.as('code')])
    .where('code', '=', code)
    .executeTakeFirst();
}
