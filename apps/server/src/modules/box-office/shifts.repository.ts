import { sql, type Selectable } from 'kysely';
import type { Executor, ShiftsTable } from '../../db/schema.js';

/** SQL of counter customers, shifts, the drawer's ledger, day closes and prints. No rules. */

export type ShiftRow = Selectable<ShiftsTable>;

export async function findCounterUserId(db: Executor, staffId: string) {
  const row = await db
    .selectFrom('counter_users')
    .select('user_id')
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return row?.user_id;
}

/** The staff member's counter customer, made once (two first sales at once make one). */
export async function insertCounterUser(
  trx: Executor,
  input: { siteId: string; staffId: string; nickname: string },
): Promise<string> {
  const user = await trx
    .insertInto('users')
    .values({
      site_id: input.siteId,
      openid: `counter:${input.staffId}`,
      nickname: input.nickname,
    })
    .onConflict((oc) => oc.columns(['site_id', 'openid']).doUpdateSet({ site_id: input.siteId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('counter_users')
    .values({ staff_id: input.staffId, user_id: user.id })
    .onConflict((oc) => oc.column('staff_id').doNothing())
    .execute();
  return user.id;
}

export function findOpenShiftOf(db: Executor, staffId: string) {
  return db
    .selectFrom('shifts')
    .selectAll()
    .where('staff_id', '=', staffId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** The staff member's open shift, share-locked: a close waits for the sales that count in it. */
export function lockOpenShiftOf(trx: Executor, staffId: string) {
  return trx
    .selectFrom('shifts')
    .selectAll()
    .where('staff_id', '=', staffId)
    .where('status', '=', 'open')
    .forShare()
    .executeTakeFirst();
}

export function findShift(db: Executor, shiftId: string) {
  return db.selectFrom('shifts').selectAll().where('id', '=', shiftId).executeTakeFirst();
}

export function lockShift(trx: Executor, shiftId: string) {
  return trx
    .selectFrom('shifts')
    .selectAll()
    .where('id', '=', shiftId)
    .forUpdate()
    .executeTakeFirst();
}

/** Shift opens and day closes of a cinema queue on its row: a day never closes under a new shift. */
export async function lockCinema(trx: Executor, cinemaId: string) {
  await trx
    .selectFrom('cinemas')
    .select('id')
    .where('id', '=', cinemaId)
    .forNoKeyUpdate()
    .execute();
}

/** A second open shift of the staff member breaks the unique index: undefined then. */
export async function insertShift(
  trx: Executor,
  shift: {
    siteId: string;
    cinemaId: string;
    staffId: string;
    businessDate: string;
    floatFen: number;
    now: Date;
  },
): Promise<ShiftRow | undefined> {
  return trx
    .insertInto('shifts')
    .values({
      site_id: shift.siteId,
      cinema_id: shift.cinemaId,
      staff_id: shift.staffId,
      business_date: shift.businessDate,
      opened_at: shift.now,
      float_fen: shift.floatFen,
    })
    .onConflict((oc) => oc.column('staff_id').where('status', '=', 'open').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function closeShift(
  trx: Executor,
  shiftId: string,
  close: { expectedFen: number; countedFen: number; note: string | null; now: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('shifts')
    .set({
      status: 'closed',
      closed_at: close.now,
      expected_fen: close.expectedFen,
      counted_fen: close.countedFen,
      note: close.note,
    })
    .where('id', '=', shiftId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertMovement(
  trx: Executor,
  movement: {
    shiftId: string;
    kind: 'float' | 'sale' | 'refund';
    amountFen: number;
    orderId?: string;
    paymentId?: string;
    tenderedFen?: number;
    changeFen?: number;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('shift_cash_movements')
    .values({
      shift_id: movement.shiftId,
      kind: movement.kind,
      amount_fen: movement.amountFen,
      order_id: movement.orderId ?? null,
      payment_id: movement.paymentId ?? null,
      tendered_fen: movement.tenderedFen ?? null,
      change_fen: movement.changeFen ?? null,
      at: movement.at,
    })
    .execute();
}

/** The cash the drawer should hold: the sum of its ledger. */
export async function expectedCashFen(db: Executor, shiftId: string): Promise<number> {
  const row = await db
    .selectFrom('shift_cash_movements')
    .select(sql<number>`coalesce(sum(amount_fen), 0)::int`.as('fen'))
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
  return row.fen;
}

export function listMovements(db: Executor, shiftId: string) {
  return db
    .selectFrom('shift_cash_movements')
    .leftJoin('orders', 'orders.id', 'shift_cash_movements.order_id')
    .select([
      'shift_cash_movements.kind',
      'shift_cash_movements.amount_fen',
      'shift_cash_movements.tendered_fen',
      'shift_cash_movements.change_fen',
      'shift_cash_movements.at',
      'shift_cash_movements.order_id',
      'orders.order_no',
    ])
    .where('shift_id', '=', shiftId)
    .orderBy('shift_cash_movements.id')
    .execute();
}

/** The cash sale movement of an order (tendered and change for its receipt). */
export function findSaleMovement(db: Executor, orderId: string) {
  return db
    .selectFrom('shift_cash_movements')
    .select(['tendered_fen', 'change_fen'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'sale')
    .executeTakeFirst();
}

/** Shifts with their cinema's and staff member's names, for answers. */
export function shiftsWithNames(db: Executor) {
  return db
    .selectFrom('shifts')
    .innerJoin('cinemas', 'cinemas.id', 'shifts.cinema_id')
    .innerJoin('staff', 'staff.id', 'shifts.staff_id')
    .selectAll('shifts')
    .select(['cinemas.name as cinema_name', 'staff.display_name as staff_name']);
}

export type NamedShiftRow = Awaited<
  ReturnType<ReturnType<typeof shiftsWithNames>['executeTakeFirstOrThrow']>
>;

export function listShiftsOfDay(db: Executor, cinemaId: string, businessDate: string) {
  return shiftsWithNames(db)
    .where('shifts.cinema_id', '=', cinemaId)
    .where('shifts.business_date', '=', businessDate)
    .orderBy('shifts.opened_at')
    .execute();
}

/** Shifts open now at the cinemas, longest open first. */
export function listOpenShifts(db: Executor, cinemaIds: readonly string[]) {
  if (cinemaIds.length === 0) return Promise.resolve([]);
  return shiftsWithNames(db)
    .where('shifts.cinema_id', 'in', [...cinemaIds])
    .where('shifts.status', '=', 'open')
    .orderBy('shifts.opened_at')
    .orderBy('shifts.id')
    .execute();
}

export function findDayClose(db: Executor, cinemaId: string, businessDate: string) {
  return db
    .selectFrom('day_closes')
    .selectAll()
    .where('cinema_id', '=', cinemaId)
    .where('business_date', '=', businessDate)
    .executeTakeFirst();
}

/** A second close of the day (two managers at once) inserts nothing: false. */
export async function insertDayClose(
  trx: Executor,
  close: {
    siteId: string;
    cinemaId: string;
    businessDate: string;
    staffId: string;
    staffName: string;
    totals: unknown;
    note: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await trx
    .insertInto('day_closes')
    .values({
      site_id: close.siteId,
      cinema_id: close.cinemaId,
      business_date: close.businessDate,
      closed_at: close.now,
      closed_by_staff_id: close.staffId,
      closed_by_name: close.staffName,
      totals: JSON.stringify(close.totals),
      note: close.note,
    })
    .onConflict((oc) => oc.columns(['cinema_id', 'business_date']).doNothing())
    .returning('cinema_id')
    .execute();
  return rows.length === 1;
}

/** Count a print of the order; answers how many there have been, this one included. */
export async function countPrint(trx: Executor, orderId: string, now: Date): Promise<number> {
  const row = await trx
    .insertInto('order_prints')
    .values({ order_id: orderId, print_count: 1, first_printed_at: now, last_printed_at: now })
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        print_count: sql`order_prints.print_count + 1`,
        last_printed_at: now,
      }),
    )
    .returning('print_count')
    .executeTakeFirstOrThrow();
  return row.print_count;
}
