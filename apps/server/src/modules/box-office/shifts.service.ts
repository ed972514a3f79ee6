import { fenToYuan, yuanToFen } from '@marquee/contracts';
import type { Shift, ShiftReport, TodayOpenShift } from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { businessDateOf } from '../../lib/local-date.js';
import { isUuid } from '../../lib/uuid.js';
import { recordAudit } from '../staff/index.js';
import { figuresOf } from './figures.repository.js';
import * as shiftsRepository from './shifts.repository.js';
import type { NamedShiftRow, ShiftRow } from './shifts.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** Checks the caller covers a cinema (the route's guard with the cinema named). */
export type CinemaGuard = (cinemaId: string) => Promise<unknown>;

/**
 * A cashier's shift (decision 043): opened at one cinema with a float counted into the drawer,
 * closed with the cash counted, the difference against the drawer's ledger recorded. One open
 * shift per staff member (a unique index); every cash sale and refund is a row of its ledger,
 * and every counter payment and refund names the shift it was taken in.
 */
export async function openShift(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  input: { cinemaId?: string; float: number },
  guard: CinemaGuard,
): Promise<Shift> {
  const cinemaId = cinemaOf(staff, input.cinemaId);
  await guard(cinemaId);
  const now = deps.clock.now();
  const businessDate = businessDateOf(now);
  const floatFen = yuanToFen(input.float);
  const shift = await deps.db.transaction().execute(async (trx) => {
    await shiftsRepository.lockCinema(trx, cinemaId);
    if (await shiftsRepository.findDayClose(trx, cinemaId, businessDate)) {
      throw new AppError('DAY_CLOSED', { businessDate });
    }
    const opened = await shiftsRepository.insertShift(trx, {
      siteId: site.id,
      cinemaId,
      staffId: staff.id,
      businessDate,
      floatFen,
      now,
    });
    if (!opened) throw await alreadyOpen(trx, staff.id);
    await shiftsRepository.insertMovement(trx, {
      shiftId: opened.id,
      kind: 'float',
      amountFen: floatFen,
      at: now,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'shift.open',
      entity: 'shift',
      entityId: opened.id,
      after: { cinemaId, businessDate, floatFen },
    });
    return opened;
  });
  return readShift(deps.db, shift.id);
}

export async function currentShift(deps: Deps, staff: SignedInStaff): Promise<Shift | null> {
  const shift = await shiftsRepository.findOpenShiftOf(deps.db, staff.id);
  return shift ? readShift(deps.db, shift.id) : null;
}

/**
 * Close a shift with the cash counted: the drawer's expected cash is its ledger's sum, read under
 * the shift's lock (a sale counting into it commits first or finds it closed).
 */
export async function closeShift(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  input: { shiftId: string; countedCash: number; note?: string },
  guard: CinemaGuard,
): Promise<ShiftReport> {
  const shift = await findVisibleShift(deps.db, site, staff, input.shiftId, guard);
  // A cashier closes their own shift; a manager may close a cashier's who left without it.
  if (shift.staff_id !== staff.id && staff.role === 'cashier') throw shiftNotFound();
  const now = deps.clock.now();
  const countedFen = yuanToFen(input.countedCash);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await shiftsRepository.lockShift(trx, shift.id);
    if (!locked || locked.status !== 'open') throw new AppError('SHIFT_CLOSED', {});
    const expectedFen = await shiftsRepository.expectedCashFen(trx, shift.id);
    await shiftsRepository.closeShift(trx, shift.id, {
      expectedFen,
      countedFen,
      note: input.note ?? null,
      now,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'shift.close',
      entity: 'shift',
      entityId: shift.id,
      before: { status: 'open' },
      after: { status: 'closed', expectedFen, countedFen, differenceFen: countedFen - expectedFen },
    });
  });
  return shiftReport(deps, site, staff, shift.id, guard);
}

export async function shiftReport(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  shiftId: string,
  guard: CinemaGuard,
): Promise<ShiftReport> {
  await findVisibleShift(deps.db, site, staff, shiftId, guard);
  const shift = await readShift(deps.db, shiftId);
  const figures = await figuresOf(deps.db, { shiftId });
  const movements = await shiftsRepository.listMovements(deps.db, shiftId);
  return {
    shift,
    byMethod: figures.byMethod.map((row) => ({
      method: row.method,
      salesCount: row.salesCount,
      sales: fenToYuan(row.salesFen),
      refundsCount: row.refundsCount,
      refunds: fenToYuan(row.refundsFen),
    })),
    orders: figures.orders,
    tickets: figures.tickets,
    snacks: figures.snacks,
    sales: fenToYuan(figures.byMethod.reduce((sum, row) => sum + row.salesFen, 0)),
    refunds: fenToYuan(figures.byMethod.reduce((sum, row) => sum + row.refundsFen, 0)),
    cashMovements: movements.map((movement) => ({
      at: movement.at.toISOString(),
      kind: movement.kind,
      amount: fenToYuan(movement.amount_fen),
      orderNo: movement.order_no ?? null,
    })),
  };
}

export async function listShifts(
  deps: Deps,
  staff: SignedInStaff,
  query: { cinemaId: string; businessDate: string },
  guard: CinemaGuard,
): Promise<{ list: Shift[] }> {
  await guard(query.cinemaId);
  const rows = await shiftsRepository.listShiftsOfDay(deps.db, query.cinemaId, query.businessDate);
  const visible = staff.role === 'cashier' ? rows.filter((row) => row.staff_id === staff.id) : rows;
  return { list: await Promise.all(visible.map((row) => shiftViewOf(deps.db, row))) };
}

/** Shifts open now at the cinemas (the console's home shows them to owners and managers). */
export async function openShiftsAt(
  deps: Deps,
  cinemaIds: readonly string[],
): Promise<TodayOpenShift[]> {
  const rows = await shiftsRepository.listOpenShifts(deps.db, cinemaIds);
  return rows.map((row) => ({
    shiftId: row.id,
    staffName: row.staff_name,
    cinemaName: row.cinema_name,
    openedAt: row.opened_at.toISOString(),
    businessDate: row.business_date,
  }));
}

/**
 * Inside a paying or refunding transaction: the caller's open shift at this cinema, share-locked
 * so that its close waits for this transaction. SHIFT_NOT_OPEN when there is none (or it is at
 * another cinema).
 */
export async function requireOpenShiftIn(
  trx: Executor,
  staff: SignedInStaff,
  cinemaId: string,
): Promise<ShiftRow> {
  const shift = await shiftsRepository.lockOpenShiftOf(trx, staff.id);
  if (!shift || shift.cinema_id !== cinemaId) throw new AppError('SHIFT_NOT_OPEN', {});
  return shift;
}

/** A cashier's one cinema, or the one a manager or owner names. */
export function cinemaOf(staff: SignedInStaff, cinemaId: string | undefined): string {
  if (cinemaId) return cinemaId;
  if (staff.cinemaIds.length === 1) return staff.cinemaIds[0]!;
  throw new AppError('VALIDATION_FAILED', {
    fields: ['cinemaId'],
    hint: '请选择影城',
    hintEn: 'Choose a cinema.',
  });
}

export async function readShift(db: Executor, shiftId: string): Promise<Shift> {
  const row = await shiftsRepository
    .shiftsWithNames(db)
    .where('shifts.id', '=', shiftId)
    .executeTakeFirstOrThrow();
  return shiftViewOf(db, row);
}

async function shiftViewOf(db: Executor, row: NamedShiftRow): Promise<Shift> {
  const movements = await shiftsRepository.listMovements(db, row.id);
  const sum = (kind: 'sale' | 'refund') =>
    movements.filter((m) => m.kind === kind).reduce((total, m) => total + m.amount_fen, 0);
  const expectedFen = row.expected_fen ?? movements.reduce((total, m) => total + m.amount_fen, 0);
  return {
    shiftId: row.id,
    cinemaId: row.cinema_id,
    cinemaName: row.cinema_name,
    staffId: row.staff_id,
    staffName: row.staff_name,
    businessDate: row.business_date,
    status: row.status,
    openedAt: row.opened_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    float: fenToYuan(row.float_fen),
    cashSales: fenToYuan(sum('sale')),
    cashRefunds: fenToYuan(-sum('refund')),
    expectedCash: fenToYuan(expectedFen),
    countedCash: row.counted_fen === null ? null : fenToYuan(row.counted_fen),
    difference: row.counted_fen === null ? null : fenToYuan(row.counted_fen - expectedFen),
    note: row.note,
  };
}

async function findVisibleShift(
  db: Executor,
  site: SiteRow,
  staff: SignedInStaff,
  shiftId: string,
  guard: CinemaGuard,
): Promise<ShiftRow> {
  const shift = isUuid(shiftId) ? await shiftsRepository.findShift(db, shiftId) : undefined;
  if (!shift || shift.site_id !== site.id) throw shiftNotFound();
  if (staff.role === 'cashier' && shift.staff_id !== staff.id) throw shiftNotFound();
  await guard(shift.cinema_id);
  return shift;
}

async function alreadyOpen(db: Executor, staffId: string): Promise<AppError> {
  const open = await shiftsRepository.findOpenShiftOf(db, staffId);
  const named = open
    ? await shiftsRepository.shiftsWithNames(db).where('shifts.id', '=', open.id).executeTakeFirst()
    : undefined;
  return new AppError('SHIFT_ALREADY_OPEN', { cinemaName: named?.cinema_name ?? '' });
}

function shiftNotFound() {
  return notFound('The shift', '班次');
}
