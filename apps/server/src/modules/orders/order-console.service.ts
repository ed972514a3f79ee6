import {
  fenToYuan,
  isMobilePhone,
  maskPhone,
  orderQrContent,
  parseScannedCode,
  type OrderKind,
  type OrderStatus,
} from '@marquee/contracts';
import type {
  ConsoleOrderDetail,
  ConsoleOrderRow,
  consoleOrderSearchCall,
} from '@marquee/contracts/console';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { SiteRow } from '../site/index.js';
import { auditOfEntity } from '../staff/index.js';
import { moneyReader, stepsOf, type OrderRow, type StaffRefund } from './order-kinds.js';
import * as ordersRepository from './orders.repository.js';
import { orderFieldsOf } from './order-views.service.js';

type Deps = Pick<AppDeps, 'db'>;
/**
 * The route's guard for the order's cinema (requireStaff with the cinema and the call's roles):
 * staff only see and change orders of cinemas they cover.
 */
export type CinemaGuard = (cinemaId: string | null) => Promise<unknown>;
type Log = Parameters<StaffRefund>[2];

/**
 * Orders for staff: look-up by order number, phone or code in the cinemas one covers; one order
 * with its money, status trail and audit rows; a refund with a reason by a manager or owner (the
 * payment module's refund use case, past the buyer's cutoff, handed to this app's routes).
 */
export async function searchOrders(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  query: z.output<(typeof consoleOrderSearchCall)['query']>,
) {
  const cinemaIds = staff.role === 'owner' ? null : staff.cinemaIds;
  const page = { pageNum: query.pageNum, pageSize: query.pageSize };
  if (cinemaIds !== null && cinemaIds.length === 0) {
    return { list: [], ...page, total: 0, hasMore: false };
  }
  const { rows, total } = await ordersRepository.searchPage(deps.db, {
    siteId: site.id,
    cinemaIds,
    ...searchTermsOf(query.q),
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const parts = new Map<string, { title: string; subtitle: string; startAt: string | null }>();
  for (const kind of ['film', 'store'] as const satisfies readonly OrderKind[]) {
    const ofKind = rows.filter((row) => row.kind === kind);
    if (ofKind.length === 0) continue;
    for (const [id, part] of await stepsOf(kind).summaries(deps.db, ofKind)) parts.set(id, part);
  }
  const list: ConsoleOrderRow[] = rows.map((row) => ({
    orderId: row.id,
    orderNo: row.order_no,
    kind: row.kind,
    status: row.status,
    amount: fenToYuan(row.amount_fen),
    title: parts.get(row.id)?.title ?? row.order_no,
    subtitle: parts.get(row.id)?.subtitle ?? '',
    startAt: parts.get(row.id)?.startAt ?? null,
    cinemaName: row.cinema_name,
    phoneMasked: row.phone ? maskPhone(row.phone) : null,
    code: row.pickup_code,
    createdAt: row.created_at.toISOString(),
  }));
  return { list, ...page, total, hasMore: query.pageNum * query.pageSize < total };
}

/** What a search text may be: a scanned QR, a ticket/pickup code, a full phone, an order number. */
export function searchTermsOf(q: string) {
  const scanned = parseScannedCode(q);
  const digits = q.replace(/[\s-]/g, '');
  return {
    orderNo: scanned?.orderNo ?? digits,
    phone: isMobilePhone(digits) ? digits : null,
    code: scanned?.code ?? null,
  };
}

export async function getConsoleOrder(
  deps: Deps,
  site: SiteRow,
  orderId: string,
  guard: CinemaGuard,
): Promise<ConsoleOrderDetail> {
  const order = await ordersRepository.findById(deps.db, orderId);
  if (!order || order.site_id !== site.id) throw notFound('The order', '订单');
  await guard(order.cinema_id);
  return detailOf(deps.db, site, order);
}

export async function refundAsStaff(
  deps: Deps & { staffRefund: StaffRefund },
  site: SiteRow,
  staff: SignedInStaff,
  request: { orderId: string; reason: string },
  guard: CinemaGuard,
  log: Log,
): Promise<ConsoleOrderDetail> {
  const order = await ordersRepository.findById(deps.db, request.orderId);
  if (!order || order.site_id !== site.id) throw notFound('The order', '订单');
  await guard(order.cinema_id);
  await deps.staffRefund(site, { orderId: order.id, staff, reason: request.reason }, log);
  return detailOf(deps.db, site, (await ordersRepository.findById(deps.db, order.id))!);
}

async function detailOf(db: Executor, site: SiteRow, order: OrderRow): Promise<ConsoleOrderDetail> {
  const [part, money, events, audit, cinema] = await Promise.all([
    stepsOf(order.kind).detail(db, order),
    moneyReader().read(db, order.id),
    ordersRepository.listEvents(db, order.id),
    auditOfEntity(db, site, 'order', order.id),
    order.cinema_id ? ordersRepository.findCinemaName(db, order.cinema_id) : undefined,
  ]);
  // Staff see the code of a refunded or used order too: it is what the buyer shows them.
  const code = order.pickup_code
    ? {
        code: order.pickup_code,
        qrContent: orderQrContent(order.kind, site.code, order.order_no, order.pickup_code),
      }
    : null;
  return {
    ...orderFieldsOf(order, part, code, site.code),
    ...money,
    cinemaId: order.cinema_id,
    cinemaName: cinema?.name ?? null,
    usedAt: order.used_at?.toISOString() ?? null,
    usedBy: order.used_by_name,
    events: events.map((event) => ({
      from: event.from_status,
      to: event.to_status,
      reason: event.reason,
      at: event.created_at.toISOString(),
    })),
    audit,
    isRefundable: order.status === refundableStatus(order.kind),
  };
}

function refundableStatus(kind: OrderKind): OrderStatus {
  return stepsOf(kind).fulfilledStatus;
}
