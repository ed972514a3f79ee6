import { cardLedgerKinds, type CardLedgerKind } from '@marquee/contracts';
import {
  orderChannels,
  type CardsReport,
  type GoodsReport,
  type OccupancyReport,
  type ReportQuery,
  type SalesChannel,
  type SalesPaymentMethod,
  type SalesReport,
  type WechatDay,
  type WechatDiscrepancyKind,
  type WechatReport,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import { addDays, localInstant } from '../../lib/local-date.js';
import * as repo from './reports.repository.js';
import { salesByChannel, salesByPaymentMethod } from './sales-split.repository.js';

/**
 * The console's reports: read-only, no transaction (each report is a handful of SELECTs on the
 * database handle). The routes have checked the role and a named cinema; the scope here narrows
 * a manager to their cinemas when none is named.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A refund WeChat has not finished after this long is worth a look. */
const STUCK_REFUND_MS = 60 * 60 * 1000;

/** The cinemas and instants a report covers. */
export async function scopeOf(deps: Deps, site: SiteRow, staff: SignedInStaff, query: ReportQuery) {
  const ids = query.cinemaId ? [query.cinemaId] : staff.role === 'owner' ? null : staff.cinemaIds;
  const cinemas = await repo.findCinemas(deps.db, site.id, ids);
  const scope: repo.ReportScope = {
    siteId: site.id,
    cinemaIds: cinemas.map((cinema) => cinema.id),
    fromAt: localInstant(query.from),
    toAt: localInstant(addDays(query.to, 1)),
  };
  return { cinemas, scope };
}

export const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

export async function salesReport(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: ReportQuery,
): Promise<SalesReport> {
  const { cinemas, scope } = await scopeOf(deps, site, staff, query);
  const [rows, films, channels, methods] = await Promise.all([
    repo.salesByDayAndCinema(deps.db, scope),
    repo.salesByFilm(deps.db, scope),
    salesByChannel(deps.db, scope),
    salesByPaymentMethod(deps.db, scope),
  ]);
  const names = new Map(cinemas.map((cinema) => [cinema.id, cinema.name]));
  const days = rows.map((row) => ({
    date: row.day,
    cinemaId: row.cinemaId,
    cinemaName: names.get(row.cinemaId) ?? '',
    ticketCount: row.ticketCount,
    ticketFen: row.ticketFen,
    goodsUnits: row.goodsUnits,
    goodsFen: row.goodsFen,
    refundFen: row.refundFen,
    netFen: row.ticketFen + row.goodsFen - row.refundFen,
  }));
  days.sort((a, b) => a.date.localeCompare(b.date) || a.cinemaName.localeCompare(b.cinemaName));
  const sum = (key: 'ticketCount' | 'ticketFen' | 'goodsUnits' | 'goodsFen' | 'refundFen') =>
    days.reduce((total, day) => total + day[key], 0);
  const totals = {
    ticketCount: sum('ticketCount'),
    ticketFen: sum('ticketFen'),
    goodsUnits: sum('goodsUnits'),
    goodsFen: sum('goodsFen'),
    refundFen: sum('refundFen'),
    netFen: sum('ticketFen') + sum('goodsFen') - sum('refundFen'),
  };
  return {
    from: query.from,
    to: query.to,
    cinemas,
    days,
    films,
    totals,
    channels: channelFigures(channels),
    paymentMethods: paymentMethodFigures(methods.methods),
    combinedOrderCount: methods.combinedOrderCount,
  };
}

type ChannelRow = Awaited<ReturnType<typeof salesByChannel>>[number];

/** Both channels in their fixed order, zero when one sold nothing; with their net. */
export function channelFigures(rows: readonly ChannelRow[]): SalesChannel[] {
  return orderChannels.map((channel) => {
    const row = rows.find((candidate) => candidate.channel === channel);
    const figures = row ?? {
      ticketCount: 0,
      ticketFen: 0,
      goodsUnits: 0,
      goodsFen: 0,
      refundFen: 0,
    };
    return {
      channel,
      ticketCount: figures.ticketCount,
      ticketFen: figures.ticketFen,
      goodsUnits: figures.goodsUnits,
      goodsFen: figures.goodsFen,
      refundFen: figures.refundFen,
      netFen: figures.ticketFen + figures.goodsFen - figures.refundFen,
    };
  });
}

/** Card and WeChat always (zero when unused), then any other method, largest first. */
function paymentMethodFigures(rows: readonly SalesPaymentMethod[]): SalesPaymentMethod[] {
  const fixed = ['card', 'wechat'].map(
    (method) =>
      rows.find((row) => row.method === method) ?? {
        method,
        orderCount: 0,
        fen: 0,
        combinedFen: 0,
      },
  );
  const others = rows
    .filter((row) => row.method !== 'card' && row.method !== 'wechat')
    .sort((a, b) => b.fen - a.fen || a.method.localeCompare(b.method));
  return [...fixed, ...others];
}

export async function occupancyReport(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: ReportQuery,
): Promise<OccupancyReport> {
  const { cinemas, scope } = await scopeOf(deps, site, staff, query);
  const rows = await repo.occupancyByShow(deps.db, scope, query.from, query.to);
  const shows = rows.map((row) => ({
    ...row,
    startAt: row.startAt.toISOString(),
    percent: percentOf(row.seatsSold, row.seatsForSale),
  }));
  const seatsSold = shows.reduce((total, show) => total + show.seatsSold, 0);
  const seatsForSale = shows.reduce((total, show) => total + show.seatsForSale, 0);
  return {
    from: query.from,
    to: query.to,
    cinemas,
    shows,
    totals: {
      showCount: shows.length,
      seatsSold,
      seatsForSale,
      percent: percentOf(seatsSold, seatsForSale),
    },
  };
}

export async function goodsReport(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: ReportQuery,
): Promise<GoodsReport> {
  const { cinemas, scope } = await scopeOf(deps, site, staff, query);
  const lines = await repo.goodsByVariant(deps.db, scope);
  const sum = (key: 'units' | 'revenueFen' | 'refundedUnits' | 'refundFen') =>
    lines.reduce((total, line) => total + line[key], 0);
  return {
    from: query.from,
    to: query.to,
    cinemas,
    lines,
    totals: {
      units: sum('units'),
      revenueFen: sum('revenueFen'),
      refundedUnits: sum('refundedUnits'),
      refundFen: sum('refundFen'),
    },
  };
}

/** Card liabilities of the whole site (cards are not a cinema's); owners only. */
export async function cardsReport(
  deps: Deps,
  site: SiteRow,
  query: ReportQuery,
): Promise<CardsReport> {
  const fromAt = localInstant(query.from);
  const toAt = localInstant(addDays(query.to, 1));
  const [totals, types, movements] = await Promise.all([
    repo.cardTotals(deps.db, site.id),
    repo.cardsByTypes(deps.db, site.id),
    repo.ledgerMovements(deps.db, site.id, fromAt, toAt),
  ]);
  const byKind = new Map(movements.map((row) => [row.kind as CardLedgerKind, row]));
  return {
    from: query.from,
    to: query.to,
    ...totals,
    isBalanced: totals.balanceFen === totals.ledgerFen,
    byType: types.groups.map((group) => ({
      types: group.types.join('+'),
      typeNames: group.types.map((code) => types.typeNames.get(code) ?? code).join('+'),
      cardCount: group.cardCount,
      balanceFen: group.balanceFen,
    })),
    movements: cardLedgerKinds.map((kind) => ({
      kind,
      count: byKind.get(kind)?.count ?? 0,
      amountFen: byKind.get(kind)?.amountFen ?? 0,
    })),
  };
}

const emptyWechatDay = (): Omit<WechatDay, 'date'> => ({
  payments: { count: 0, fen: 0 },
  notifications: { count: 0, paid: 0, autoRefund: 0, alreadySettled: 0 },
  queried: 0,
  refunds: {
    count: 0,
    fen: 0,
    succeeded: { count: 0, fen: 0 },
    pending: { count: 0, fen: 0 },
    failed: { count: 0, fen: 0 },
    automatic: 0,
  },
});

const outcomeKeys = {
  paid: 'paid',
  auto_refund: 'autoRefund',
  already_settled: 'alreadySettled',
} as const;

/** WeChat Pay reconciliation: what we recorded, what WeChat told us, what we gave back. */
export async function wechatReport(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: ReportQuery,
): Promise<WechatReport> {
  const { cinemas, scope } = await scopeOf(deps, site, staff, query);
  const stuckBefore = new Date(deps.clock.now().getTime() - STUCK_REFUND_MS);
  const [payments, notifications, refunds, discrepancies] = await Promise.all([
    repo.wechatPaymentsByDay(deps.db, scope),
    repo.wechatReportsByDay(deps.db, scope),
    repo.wechatRefundsByDay(deps.db, scope),
    repo.wechatDiscrepancies(deps.db, scope, stuckBefore),
  ]);
  const days = new Map<string, Omit<WechatDay, 'date'>>();
  const totals = emptyWechatDay();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) days.set(date, (day = emptyWechatDay()));
    return day;
  };
  for (const row of payments) {
    for (const target of [dayOf(row.day), totals]) {
      target.payments.count += row.count;
      target.payments.fen += row.fen;
    }
  }
  for (const row of notifications) {
    const key = outcomeKeys[row.outcome as keyof typeof outcomeKeys];
    for (const target of [dayOf(row.day), totals]) {
      if (row.outcome === 'queried') {
        target.queried += row.count;
      } else {
        target.notifications.count += row.count;
        if (key) target.notifications[key] += row.count;
      }
    }
  }
  for (const row of refunds) {
    // WeChat's ABNORMAL and CLOSED (0022) are money that did not go back: failed, for the totals.
    const status =
      row.status === 'abnormal' || row.status === 'closed'
        ? 'failed'
        : (row.status as 'succeeded' | 'pending' | 'failed');
    for (const target of [dayOf(row.day), totals]) {
      target.refunds.count += row.count;
      target.refunds.fen += row.fen;
      target.refunds[status].count += row.count;
      target.refunds[status].fen += row.fen;
      if (row.isAutomatic) target.refunds.automatic += row.count;
    }
  }
  return {
    from: query.from,
    to: query.to,
    cinemas,
    days: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, day]) => ({ date, ...day })),
    totals,
    discrepancies: discrepancies.map((row) => ({
      ...row,
      kind: row.kind as WechatDiscrepancyKind,
      at: row.at.toISOString(),
    })),
  };
}
