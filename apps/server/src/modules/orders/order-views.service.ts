import {
  exchangeAllowedUntil,
  fenToYuan,
  isRefundAllowed,
  orderQrContent,
  refundAllowedUntil,
  type NameLang,
  type OrderDetail,
  type OrderExchange,
  type OrderKind,
  type OrderSummary,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { moneyReader, stepsOf, type KindSummary, type OrderRow } from './order-kinds.js';
import * as ordersRepository from './orders.repository.js';

/** The order tab and the order detail page: what the user bought, paid, and can still refund. */

const FALLBACK_TITLE: Record<OrderKind, string> = { film: '电影票', store: '卖品订单' };

function summaryOf(order: OrderRow, part: KindSummary | undefined): OrderSummary {
  return {
    orderId: order.id,
    orderNo: order.order_no,
    kind: order.kind,
    status: order.status,
    amount: fenToYuan(order.amount_fen),
    title: part?.title ?? FALLBACK_TITLE[order.kind],
    subtitle: part?.subtitle ?? '',
    cinemaId: order.cinema_id,
    posterUrl: part?.posterUrl ?? null,
    startAt: part?.startAt ?? null,
    goodsNote: part?.goodsNote ?? null,
    createdAt: order.created_at.toISOString(),
    payDeadlineAt: order.pay_deadline_at.toISOString(),
  };
}

/** A page of the user's orders of one kind; their lines are read in a fixed number of queries. */
export async function listOrders(
  deps: Pick<AppDeps, 'db'>,
  user: SignedInUser,
  query: { kind: OrderKind; pageNum: number; pageSize: number },
  lang: NameLang,
) {
  const { rows, total } = await ordersRepository.pageOfUserOrders(deps.db, {
    siteId: user.siteId,
    userId: user.id,
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const parts = await stepsOf(query.kind).summaries(deps.db, rows, lang);
  return {
    list: rows.map((order) => summaryOf(order, parts.get(order.id))),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total,
    hasMore: query.pageNum * query.pageSize < total,
  };
}

/**
 * When an order can be refunded by its buyer: once fulfilled (a ticketed film order, a ready store
 * order) and, when what was bought takes place at a time (a show), until the site's
 * refundCutoffMinutes before it (until it starts when it was moved after the sale); a store order until it is picked up (allowedUntil null).
 */
export function refundWindowOf(
  site: SiteRow,
  order: Pick<OrderRow, 'kind' | 'status'> & Partial<Pick<OrderRow, 'goods_picked_up_at'>>,
  startAt: string | null,
  now: Date,
  isCutoffWaived = false,
): OrderDetail['refund'] {
  // Snacks handed over cannot come back online: the counter refunds such an order (decision 029).
  const isFulfilled =
    order.status === stepsOf(order.kind).fulfilledStatus && !order.goods_picked_up_at;
  if (!startAt) return { isAllowed: isFulfilled, allowedUntil: null };
  // A show moved after the sale (decision 056) is refundable until it starts.
  const cutoff = isCutoffWaived ? 0 : siteSettings(site).refundCutoffMinutes;
  const start = new Date(startAt);
  return {
    isAllowed: isFulfilled && isRefundAllowed(now, start, cutoff),
    allowedUntil: refundAllowedUntil(start, cutoff).toISOString(),
  };
}

/** The refund window of an order read inside the caller's transaction (the refund use case). */
export async function refundWindowIn(
  db: Executor,
  site: SiteRow,
  order: OrderRow,
  now: Date,
): Promise<OrderDetail['refund']> {
  const part = await stepsOf(order.kind).detail(db, order);
  return refundWindowOf(site, order, part.startAt, now, part.isRefundCutoffWaived);
}

export async function getOrderDetail(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  user: SignedInUser,
  orderId: string,
  lang: NameLang = 'zh',
): Promise<OrderDetail> {
  const order = await ordersRepository.findById(deps.db, orderId);
  // An exchange order is shown as part of the order it exchanges (decision 031).
  if (
    !order ||
    order.user_id !== user.id ||
    order.site_id !== user.siteId ||
    order.exchange_of !== null
  ) {
    throw notFound('The order', '订单');
  }
  const { startAt, exchanges, pendingExchange, isRefundCutoffWaived, ...part } = await stepsOf(
    order.kind,
  ).detail(deps.db, order, lang);
  const money = await moneyReader().read(deps.db, order.id);
  const now = deps.clock.now();
  const refund = refundWindowOf(site, order, startAt, now, isRefundCutoffWaived);
  // The buyer pays or cancels a dearer exchange still waiting before refunding (decision 031).
  const isExchangeWaiting =
    !!pendingExchange && Date.parse(pendingExchange.payDeadlineAt) > now.getTime();
  return {
    ...orderFieldsOf(order, part, issuedCodeOf(site, order), site.code),
    ...money,
    refund: { ...refund, isAllowed: refund.isAllowed && !isExchangeWaiting },
    exchange: exchanges
      ? {
          ...exchangeWindowOf(site, order, startAt, exchanges, now),
          pending: pendingExchange ?? null,
        }
      : null,
    serverTime: now.toISOString(),
  };
}

/**
 * When a film order can be exchanged (改签, decision 025): once, while ticketed, until the site's
 * exchangeCutoffMinutes before its show. The exchange use case checks the same again under lock.
 */
export function exchangeWindowOf(
  site: SiteRow,
  order: Pick<OrderRow, 'status'>,
  startAt: string | null,
  history: OrderExchange[],
  now: Date,
): Omit<NonNullable<OrderDetail['exchange']>, 'pending'> {
  if (!startAt) return { isAllowed: false, allowedUntil: null, history };
  const until = exchangeAllowedUntil(new Date(startAt), siteSettings(site).exchangeCutoffMinutes);
  return {
    isAllowed:
      order.status === 'ticketed' && history.length === 0 && now.getTime() <= until.getTime(),
    allowedUntil: until.toISOString(),
    history,
  };
}

/** The ticket or pickup code and its QR text, once issued (ticketed, ready, used); else null. */
/**
 * The fields every order page shows, moviegoers' and staff's alike: the order, what it bought, and
 * its ticket or pickup code (`code`, decided by the caller: staff also see a used one's).
 */
export function orderFieldsOf(
  order: OrderRow,
  part: Pick<OrderDetail, 'film' | 'store'>,
  code: { code: string; qrContent: string } | null,
  siteCode: string,
) {
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
    film: part.film,
    store: part.store,
    ticket: order.kind === 'film' ? code : null,
    pickup: order.kind === 'store' ? code : goodsCodeOf(siteCode, order),
    goods: goodsPartOf(order),
  };
}

/** The snacks' pickup code of a film order and its QR text, once issued and until refunded. */
function goodsCodeOf(siteCode: string, order: OrderRow) {
  if (order.goods_code === null || order.goods_refunded_at !== null) return null;
  if (!['ticketed', 'used'].includes(order.status)) return null;
  return {
    code: order.goods_code,
    qrContent: orderQrContent('store', siteCode, order.order_no, order.goods_code),
  };
}

/** Where a film order's snacks are (decision 029); null when it has none. */
export function goodsPartOf(order: OrderRow): OrderDetail['goods'] {
  if (order.kind !== 'film' || order.goods_fen === 0) return null;
  const state = goodsStateOf(order);
  return {
    total: fenToYuan(order.goods_fen),
    discount: fenToYuan(order.goods_discount_fen),
    amount: fenToYuan(order.goods_fen - order.goods_discount_fen),
    state,
    pickedUpAt: order.goods_picked_up_at?.toISOString() ?? null,
    refundedAt: order.goods_refunded_at?.toISOString() ?? null,
    refundedAmount: fenToYuan(order.goods_refunded_fen),
    isRefundAllowed: state === 'toPickUp',
  };
}

function goodsStateOf(order: OrderRow): NonNullable<OrderDetail['goods']>['state'] {
  if (order.goods_picked_up_at) return 'pickedUp';
  if (order.goods_refunded_at || order.status === 'refunded') return 'refunded';
  if (order.status === 'pending_payment') return 'unpaid';
  if (order.status === 'cancelled' || order.status === 'expired') return 'released';
  return 'toPickUp';
}

export function issuedCodeOf(site: SiteRow, order: OrderRow) {
  return order.pickup_code !== null && ['ticketed', 'ready', 'used'].includes(order.status)
    ? {
        code: order.pickup_code,
        qrContent: orderQrContent(order.kind, site.code, order.order_no, order.pickup_code),
      }
    : null;
}
