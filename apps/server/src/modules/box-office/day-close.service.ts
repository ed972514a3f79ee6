import { fenToYuan } from '@marquee/contracts';
import type { DayCloseView, DayTotals } from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { BUSINESS_DAY_STARTS_AT_HOUR, localInstant } from '../../lib/local-date.js';
import { recordAudit } from '../staff/index.js';
import { countVoids, figuresOf, salesByChannel } from './figures.repository.js';
import * as shiftsRepository from './shifts.repository.js';
import { listShifts, type CinemaGuard } from './shifts.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const DAY_MS = 24 * 3600_000;

/**
 * The day's close (日结) of a cinema's business day (06:00 to 06:00 local), by a manager or owner:
 * every shift of the day closed, then the day's totals (by channel and payment method, refunds,
 * voids, the drawers' cash) computed and stored with the close. From then on the close answers
 * the stored totals: a later refund counts on the day it happens, never changing a closed day.
 * A closed day takes no new shift (checked here and by a trigger, under the cinema's lock).
 */
export async function viewDay(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: { cinemaId: string; businessDate: string },
  guard: CinemaGuard,
): Promise<DayCloseView> {
  await guard(query.cinemaId);
  const cinema = await findCinema(deps.db, site, query.cinemaId);
  const close = await shiftsRepository.findDayClose(deps.db, query.cinemaId, query.businessDate);
  const { list: shifts } = await listShifts(deps, staff, query, guard);
  return {
    cinemaId: query.cinemaId,
    cinemaName: cinema.name,
    businessDate: query.businessDate,
    isClosed: close !== undefined,
    closedAt: close?.closed_at.toISOString() ?? null,
    closedBy: close?.closed_by_name ?? null,
    totals: close
      ? (close.totals as DayTotals)
      : await dayTotals(deps.db, query.cinemaId, query.businessDate),
    shifts,
    openShifts: shifts.filter((shift) => shift.status === 'open').length,
  };
}

export async function closeDay(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { cinemaId: string; businessDate: string; note?: string },
  guard: CinemaGuard,
): Promise<DayCloseView> {
  await guard(body.cinemaId);
  await findCinema(deps.db, site, body.cinemaId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await shiftsRepository.lockCinema(trx, body.cinemaId);
    if (await shiftsRepository.findDayClose(trx, body.cinemaId, body.businessDate)) {
      throw new AppError('DAY_CLOSED', { businessDate: body.businessDate });
    }
    const shifts = await shiftsRepository.listShiftsOfDay(trx, body.cinemaId, body.businessDate);
    const open = shifts.filter((shift) => shift.status === 'open');
    if (open.length > 0) {
      throw new AppError('DAY_HAS_OPEN_SHIFTS', {
        count: open.length,
        names: open.map((shift) => shift.staff_name),
      });
    }
    const totals = await dayTotals(trx, body.cinemaId, body.businessDate);
    const inserted = await shiftsRepository.insertDayClose(trx, {
      siteId: site.id,
      cinemaId: body.cinemaId,
      businessDate: body.businessDate,
      staffId: staff.id,
      staffName: staff.displayName,
      totals,
      note: body.note ?? null,
      now,
    });
    if (!inserted) throw new AppError('DAY_CLOSED', { businessDate: body.businessDate });
    await recordAudit(trx, site, staff, now, {
      action: 'day.close',
      entity: 'cinema',
      entityId: body.cinemaId,
      after: { businessDate: body.businessDate, totals },
    });
  });
  return viewDay(deps, site, staff, body, guard);
}

/** The figures of a cinema's business day as they stand now. */
export async function dayTotals(
  db: Executor,
  cinemaId: string,
  businessDate: string,
): Promise<DayTotals> {
  const from = localInstant(businessDate, BUSINESS_DAY_STARTS_AT_HOUR * 60);
  const scope = { cinemaId, from, to: new Date(from.getTime() + DAY_MS) };
  const figures = await figuresOf(db, scope);
  const channels = await salesByChannel(db, scope);
  const shifts = await shiftsRepository.listShiftsOfDay(db, cinemaId, businessDate);
  const closed = shifts.filter((shift) => shift.status === 'closed');
  const cashExpectedFen = closed.reduce((sum, shift) => sum + (shift.expected_fen ?? 0), 0);
  const cashCountedFen = closed.reduce((sum, shift) => sum + (shift.counted_fen ?? 0), 0);
  return {
    byChannel: (['online', 'counter'] as const).map((channel) => {
      const row = channels.find((item) => item.channel === channel);
      return { channel, orders: row?.n ?? 0, sales: fenToYuan(row?.fen ?? 0) };
    }),
    byMethod: figures.byMethod.map((row) => ({
      method: row.method,
      salesCount: row.salesCount,
      sales: fenToYuan(row.salesFen),
      refundsCount: row.refundsCount,
      refunds: fenToYuan(row.refundsFen),
    })),
    tickets: figures.tickets,
    snacks: figures.snacks,
    sales: fenToYuan(figures.byMethod.reduce((sum, row) => sum + row.salesFen, 0)),
    refunds: fenToYuan(figures.byMethod.reduce((sum, row) => sum + row.refundsFen, 0)),
    refundsCount: figures.byMethod.reduce((sum, row) => sum + row.refundsCount, 0),
    voids: await countVoids(db, scope),
    cashExpected: fenToYuan(cashExpectedFen),
    cashCounted: fenToYuan(cashCountedFen),
    cashDifference: fenToYuan(cashCountedFen - cashExpectedFen),
  };
}

async function findCinema(db: Executor, site: SiteRow, cinemaId: string) {
  const cinema = await db
    .selectFrom('cinemas')
    .select(['id', 'name'])
    .where('id', '=', cinemaId)
    .where('site_id', '=', site.id)
    .executeTakeFirst();
  if (!cinema) throw notFound('Cinema', '影城');
  return cinema;
}
