import {
  reportDates,
  TODAY_ADVANCE_DAYS,
  type AdvanceDay,
  type AdvanceReport,
  type ReportQuery,
  type Today,
  type TodayQuery,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import { addDays, localDateOf } from '../../lib/local-date.js';
import { openShiftsAt } from '../box-office/index.js';
import { variantName } from '../store/index.js';
import { advanceByDay, lowStockVariants, upcomingShows } from './advance.repository.js';
import { channelFigures, percentOf, scopeOf } from './reports.service.js';
import { salesByChannel } from './sales-split.repository.js';

/**
 * Today at a glance (the console's home) and the advance-sales report: read-only, like the
 * reports, each a handful of SELECTs on the database handle. "Today" is the local calendar day,
 * the reports' day, so the home and the sales report of today agree.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function today(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: TodayQuery,
): Promise<Today> {
  const now = deps.clock.now();
  const date = localDateOf(now);
  const { cinemas, scope } = await scopeOf(deps, site, staff, {
    from: date,
    to: date,
    cinemaId: query.cinemaId,
  });
  const firstAdvance = addDays(date, 1);
  const lastAdvance = addDays(date, TODAY_ADVANCE_DAYS);
  const cinemaIds = cinemas.map((cinema) => cinema.id);
  const [channels, shows, advance, lowStock, openShifts] = await Promise.all([
    salesByChannel(deps.db, scope),
    upcomingShows(deps.db, { ...scope, fromDate: date, toDate: date, after: now }),
    advanceByDay(deps.db, { ...scope, fromDate: firstAdvance, toDate: lastAdvance, after: now }),
    lowStockVariants(deps.db, site.id, [...scope.cinemaIds]),
    staff.role === 'cashier' ? null : openShiftsAt(deps, cinemaIds),
  ]);
  const figures = channelFigures(channels);
  const seatsSold = shows.reduce((total, show) => total + show.seatsSold, 0);
  const seatsForSale = shows.reduce((total, show) => total + show.seatsForSale, 0);
  return {
    date,
    asOf: now.toISOString(),
    cinemas,
    sales: {
      channels: figures,
      ticketCount: figures.reduce((total, channel) => total + channel.ticketCount, 0),
      netFen: figures.reduce((total, channel) => total + channel.netFen, 0),
    },
    upcoming: {
      shows: shows.map((show) => ({
        ...show,
        startAt: show.startAt.toISOString(),
        percent: percentOf(show.seatsSold, show.seatsForSale),
      })),
      seatsSold,
      seatsForSale,
      percent: percentOf(seatsSold, seatsForSale),
    },
    advance: everyDay(firstAdvance, lastAdvance, advance),
    lowStock: {
      variants: lowStock.map((row) => ({
        goodsId: row.goodsId,
        goodsName: row.goodsName,
        variantId: row.variantId,
        variantName: variantName(row.specs),
        cinemaId: row.cinemaId,
        cinemaName: row.cinemaName,
        reorderLevel: row.reorderLevel,
        stock: row.stock,
      })),
    },
    openShifts,
  };
}

/**
 * Advance sales: tickets sold so far for the shows of the range's dates not started yet. Dates
 * before today have none (their shows have started), so they read zero.
 */
export async function advanceReport(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: ReportQuery,
): Promise<AdvanceReport> {
  const now = deps.clock.now();
  const { cinemas, scope } = await scopeOf(deps, site, staff, query);
  const rows = await advanceByDay(deps.db, {
    ...scope,
    fromDate: query.from,
    toDate: query.to,
    after: now,
  });
  const days = everyDay(query.from, query.to, rows);
  const sum = (key: 'showCount' | 'ticketCount' | 'ticketFen' | 'seatsForSale') =>
    days.reduce((total, day) => total + day[key], 0);
  return {
    from: query.from,
    to: query.to,
    cinemas,
    asOf: now.toISOString(),
    days,
    totals: {
      showCount: sum('showCount'),
      ticketCount: sum('ticketCount'),
      ticketFen: sum('ticketFen'),
      seatsForSale: sum('seatsForSale'),
      percent: percentOf(sum('ticketCount'), sum('seatsForSale')),
    },
  };
}

type AdvanceRow = Awaited<ReturnType<typeof advanceByDay>>[number];

/** Every date of the range, zero where no show is left. */
function everyDay(from: string, to: string, rows: readonly AdvanceRow[]): AdvanceDay[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return reportDates(from, to).map((date) => {
    const row = byDate.get(date);
    return {
      date,
      showCount: row?.showCount ?? 0,
      ticketCount: row?.ticketCount ?? 0,
      ticketFen: row?.ticketFen ?? 0,
      seatsForSale: row?.seatsForSale ?? 0,
      percent: percentOf(row?.ticketCount ?? 0, row?.seatsForSale ?? 0),
    };
  });
}
