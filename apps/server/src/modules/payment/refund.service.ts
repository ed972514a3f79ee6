import type { OrderDetail } from '@marquee/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import type { SignedInStaff } from '../../app-deps.js';
import type { SignedInUser } from '../auth/index.js';
import { refundCardCharges } from '../cards/index.js';
import {
  getOrderDetail,
  lockOrder,
  refundWindowIn,
  releaseOrders,
  transitionOrder,
} from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { movePayment } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { executeRefund, outRefundNoFor, startUserRefund } from './refund-execution.js';
import type { PaymentLog } from './payment-log.js';
import type { PaymentDeps } from './providers/pay-providers.js';

/** Whose refund it is, in the ledger and on the refund rows, when the buyer asks. */
const REFUND_REASON = { film: '用户退票', store: '用户退货' } as const;
/** WeChat takes a refund reason of at most 80 characters. */
const WECHAT_REASON_MAX = 80;

/** Who gives the money back: the buyer (their own order, within the window) or a staff member. */
export type RefundActor =
  { kind: 'user'; user: SignedInUser } | { kind: 'staff'; staff: SignedInStaff };

export interface RefundRequest {
  orderId: string;
  actor: RefundActor;
  /** Why, for staff (kept on the refund rows and the audit row); null: the buyer's own words. */
  reason: string | null;
  /** Staff may refund after the moviegoer's cutoff (a show cancelled at the door, a complaint). */
  ignoreCutoff: boolean;
}

/**
 * POST /api/order/refund: the user returns a ticketed film order while refunds are allowed, or a
 * ready store order not yet picked up. Answers the order's detail as the user sees it.
 */
export async function refundOrder(
  deps: PaymentDeps,
  site: SiteRow,
  user: SignedInUser,
  orderId: string,
  log: PaymentLog,
): Promise<OrderDetail> {
  await refundOrderMoney(
    deps,
    site,
    { orderId, actor: { kind: 'user', user }, reason: null, ignoreCutoff: false },
    log,
  );
  return getOrderDetail(deps, site, user, orderId);
}

/**
 * The refund use case the buyer and staff share:
 *   1. one transaction: lock the order, check whose it is and (unless ignored) the cutoff, order
 *      → refunded, seats released (store: the units back to stock), the cards credited back, the
 *      WeChat part written as refund_pending, and for staff the audit row `order.refund`
 *   2. outside it: ask WeChat for each pending refund and record its answer
 */
export async function refundOrderMoney(
  deps: PaymentDeps,
  site: SiteRow,
  request: RefundRequest,
  log: PaymentLog,
): Promise<void> {
  const now = deps.clock.now();
  const { actor } = request;
  const pending = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderId);
    const isActorsOrder =
      order !== undefined &&
      order.site_id === site.id &&
      (actor.kind === 'staff'
        ? actor.staff.siteId === site.id
        : order.user_id === actor.user.id && order.site_id === actor.user.siteId);
    if (!order || !isActorsOrder) throw notFound('The order', '订单');
    const refundable = order.kind === 'film' ? 'ticketed' : 'ready';
    if (order.status !== refundable) {
      throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'refunded' });
    }
    if (!request.ignoreCutoff) await checkRefundWindow(trx, site, order, now);
    await transitionOrder(
      trx,
      order,
      'refunded',
      actor.kind === 'staff'
        ? `refunded by staff ${actor.staff.username}: ${request.reason ?? ''}`
        : 'refunded by the user',
    );
    await releaseOrders(trx, [order]);
    const reason = (request.reason ?? REFUND_REASON[order.kind]).slice(0, WECHAT_REASON_MAX);
    const payments = await paymentRepository.listByOrder(trx, order.id);
    const outRefundNos: string[] = [];
    const cardPaid = payments.filter((p) => p.method === 'card' && p.status === 'succeeded');
    if (cardPaid.length > 0) {
      await refundCardCharges(trx, order.id, reason, now);
      for (const payment of cardPaid) {
        await movePayment(trx, payment, 'refunded', now);
        await paymentRepository.insertRefund(trx, {
          out_refund_no: outRefundNoFor(payment),
          payment_id: payment.id,
          order_id: order.id,
          amount_fen: payment.amount_fen,
          status: 'succeeded',
          is_automatic: false,
          reason,
          created_at: now,
          updated_at: now,
        });
      }
    }
    const wechatPaid = payments.filter((p) => p.method === 'wechat' && p.status === 'succeeded');
    for (const payment of wechatPaid) {
      outRefundNos.push(await startUserRefund(trx, payment, now, reason));
    }
    if (actor.kind === 'staff') {
      const sumFen = (list: typeof payments) => list.reduce((sum, p) => sum + p.amount_fen, 0);
      await recordAudit(trx, site, actor.staff, now, {
        action: 'order.refund',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: {
          status: 'refunded',
          reason: request.reason,
          cardFen: sumFen(cardPaid),
          wechatFen: sumFen(wechatPaid),
        },
      });
    }
    return outRefundNos;
  });
  for (const outRefundNo of pending) await executeRefund(deps, site, outRefundNo, log);
}

async function checkRefundWindow(
  trx: Parameters<typeof refundWindowIn>[0],
  site: SiteRow,
  order: NonNullable<Awaited<ReturnType<typeof lockOrder>>>,
  now: Date,
): Promise<void> {
  const rule = await refundWindowIn(trx, site, order, now);
  if (!rule.isAllowed) {
    throw new AppError('REFUND_NOT_ALLOWED', {
      cutoffMinutes: siteSettings(site).refundCutoffMinutes,
      allowedUntil: rule.allowedUntil,
      allowedUntilText: rule.allowedUntil ? chinaTime(new Date(rule.allowedUntil)) : '',
    });
  }
}

/** "11-22 19:30" in the cinema's time zone (Asia/Shanghai, UTC+8, no daylight saving). */
function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ');
}
