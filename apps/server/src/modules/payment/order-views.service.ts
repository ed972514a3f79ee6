import {
  fenToYuan,
  isRefundAllowed,
  refundAllowedUntil,
  type FilmOrder,
  type OrderDetail,
  type OrderSummary,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { getFilmOrderView } from '../film-order/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { getStoreOrderView, type StoreOrderView } from '../store/index.js';
import { pickupQrContent, ticketQrContent } from './order-completion.js';
import type { OrderRow } from './payable-order.js';
import * as orderViewsRepository from './order-views.repository.js';
import * as paymentRepository from './payment.repository.js';

/** The order tab and the order detail page: what the user bought, paid, and can still refund. */

async function filmViewOf(db: Executor, orderId: string): Promise<FilmOrder | null> {
  try {
    return (await getFilmOrderView(db, orderId)) ?? null;
  } catch {
    return null;
  }
}

function summaryOf(
  order: OrderRow,
  film: FilmOrder | null,
  store: StoreOrderView | null,
): OrderSummary {
  const fallbackTitle = order.kind === 'film' ? '电影票' : '卖品订单';
  return {
    orderId: order.id,
    orderNo: order.order_no,
    kind: order.kind,
    status: order.status,
    amount: fenToYuan(order.amount_fen),
    title: film?.showInfo.filmTitle ?? store?.title ?? fallbackTitle,
    subtitle: film
      ? `${film.cinemaInfo.name} · ${film.showInfo.hallName}`
      : (store?.subtitle ?? ''),
    posterUrl: film?.showInfo.posterUrl ?? store?.imageUrl ?? null,
    startAt: film?.showInfo.startAt ?? null,
    createdAt: order.created_at.toISOString(),
    payDeadlineAt: order.pay_deadline_at.toISOString(),
  };
}

export async function listOrders(
  deps: Pick<AppDeps, 'db'>,
  user: SignedInUser,
  query: { kind: 'film' | 'store'; pageNum: number; pageSize: number },
) {
  const { rows, total } = await orderViewsRepository.pageOfOrders(deps.db, {
    siteId: user.siteId,
    userId: user.id,
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const list = [];
  for (const order of rows) {
    list.push(
      order.kind === 'film'
        ? summaryOf(order, await filmViewOf(deps.db, order.id), null)
        : summaryOf(order, null, await getStoreOrderView(deps.db, order)),
    );
  }
  return {
    list,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total,
    hasMore: query.pageNum * query.pageSize < total,
  };
}

/**
 * When an order can be refunded: a ticketed film order until the site's refundCutoffMinutes before
 * the show; a ready store order until it is picked up (no time limit, so allowedUntil is null).
 */
export function refundRule(site: SiteRow, order: OrderRow, film: FilmOrder | null, now: Date) {
  if (order.kind === 'store') return { isAllowed: order.status === 'ready', allowedUntil: null };
  if (!film) return { isAllowed: false, allowedUntil: null };
  const cutoff = siteSettings(site).refundCutoffMinutes;
  const startAt = new Date(film.showInfo.startAt);
  return {
    isAllowed: order.status === 'ticketed' && isRefundAllowed(now, startAt, cutoff),
    allowedUntil: refundAllowedUntil(startAt, cutoff).toISOString(),
  };
}

export async function getOrderDetail(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  user: SignedInUser,
  orderId: string,
): Promise<OrderDetail> {
  const order = await orderViewsRepository.findOrder(deps.db, orderId);
  if (!order || order.user_id !== user.id || order.site_id !== user.siteId) {
    throw notFound('The order', '订单');
  }
  const film = order.kind === 'film' ? await filmViewOf(deps.db, order.id) : null;
  const store = order.kind === 'store' ? await getStoreOrderView(deps.db, order) : null;
  const payments = await paymentRepository.listByOrder(deps.db, order.id);
  const refunds = await paymentRepository.listRefundsByOrder(deps.db, order.id);
  const now = deps.clock.now();
  const isIssued =
    order.pickup_code !== null && ['ticketed', 'ready', 'used'].includes(order.status);
  const code = order.pickup_code!;
  return {
    orderId: order.id,
    orderNo: order.order_no,
    kind: order.kind,
    status: order.status,
    amount: fenToYuan(order.amount_fen),
    phone: order.phone,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    payDeadlineAt: order.pay_deadline_at.toISOString(),
    film: film ? { showInfo: film.showInfo, cinemaInfo: film.cinemaInfo, seats: film.seats } : null,
    store: store ? { cinemaInfo: store.cinemaInfo, items: store.items } : null,
    ticket:
      isIssued && order.kind === 'film'
        ? { code, qrContent: ticketQrContent(site.code, order.order_no, code) }
        : null,
    pickup:
      isIssued && order.kind === 'store'
        ? { code, qrContent: pickupQrContent(site.code, order.order_no, code) }
        : null,
    payments: payments.map((payment) => ({
      paymentId: payment.id,
      method: payment.method,
      amount: fenToYuan(payment.amount_fen),
      status: payment.status,
      createdAt: payment.created_at.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      outRefundNo: refund.out_refund_no,
      method: refund.method,
      amount: fenToYuan(refund.amount_fen),
      status: refund.status,
      isAutomatic: refund.is_automatic,
      createdAt: refund.created_at.toISOString(),
    })),
    refund: refundRule(site, order, film, now),
    serverTime: now.toISOString(),
  };
}
