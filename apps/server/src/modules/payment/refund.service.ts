import type { OrderDetail } from '@marquee/contracts';
import { AppError, notFound } from '../../lib/errors.js';
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
import { movePayment } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { executeRefund, outRefundNoFor, startUserRefund } from './refund-execution.js';
import type { PaymentLog } from './payment-log.js';
import type { PaymentDeps } from './providers/pay-providers.js';

/** Whose refund it is, in the ledger and on the refund rows. */
const REFUND_REASON = { film: '用户退票', store: '用户退货' } as const;

/**
 * POST /api/order/refund: the user returns a ticketed film order while refunds are allowed, or a
 * ready store order not yet picked up.
 *   1. one transaction: lock the order, check the cutoff, order → refunded, seats released (store:
 *      the units back to stock), the cards credited back, the WeChat part written as refund_pending
 *   2. outside it: ask WeChat for each pending refund and record its answer
 */
export async function refundOrder(
  deps: PaymentDeps,
  site: SiteRow,
  user: SignedInUser,
  orderId: string,
  log: PaymentLog,
): Promise<OrderDetail> {
  const now = deps.clock.now();
  const pending = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order || order.user_id !== user.id || order.site_id !== user.siteId) {
      throw notFound('The order', '订单');
    }
    const refundable = order.kind === 'film' ? 'ticketed' : 'ready';
    if (order.status !== refundable) {
      throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'refunded' });
    }
    const rule = await refundWindowIn(trx, site, order, now);
    if (!rule.isAllowed) {
      throw new AppError('REFUND_NOT_ALLOWED', {
        cutoffMinutes: siteSettings(site).refundCutoffMinutes,
        allowedUntil: rule.allowedUntil,
        allowedUntilText: rule.allowedUntil ? chinaTime(new Date(rule.allowedUntil)) : '',
      });
    }
    await transitionOrder(trx, order, 'refunded', 'refunded by the user');
    await releaseOrders(trx, [order]);
    const reason = REFUND_REASON[order.kind];
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
    for (const payment of payments) {
      if (payment.method === 'wechat' && payment.status === 'succeeded') {
        outRefundNos.push(await startUserRefund(trx, payment, now, reason));
      }
    }
    return outRefundNos;
  });
  for (const outRefundNo of pending) await executeRefund(deps, site, outRefundNo, log);
  return getOrderDetail(deps, site, user, orderId);
}

/** "11-22 19:30" in the cinema's time zone (Asia/Shanghai, UTC+8, no daylight saving). */
function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ');
}
