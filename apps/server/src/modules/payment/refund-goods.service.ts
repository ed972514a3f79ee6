import type { OrderDetail } from '@marquee/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import {
  getOrderDetail,
  lockOrder,
  markOrderGoodsRefunded,
  recordOrderChange,
} from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { releaseOrderGoods } from '../store/index.js';
import { executeRefund, goodsRefundNoFor, refundPartIn } from './refund-execution.js';
import type { PaymentLog } from './payment-log.js';
import type { PaymentDeps } from './providers/pay-providers.js';

/** The reason on the ledger, refund rows and the order's trail of a goods-only refund. */
const GOODS_REFUND_REASON = '退卖品';

/**
 * POST /api/order/refundGoods (decision 029): the snacks of a paid film order go back while they
 * are not picked up; the tickets stay valid.
 *   1. one transaction: lock the order; the user's film order, ticketed or used, with snacks
 *      neither picked up nor refunded; the order marked goods-refunded by a compare-and-set (once,
 *      whatever runs at the same time) and what it paid lowered by the snacks' part; their units
 *      back to stock (`release_order_goods`, once); that part back to the payments in proportion
 *      to what each has left: cards credited at once, WeChat as a pending partial refund of kind
 *      'goods' (one per payment by a unique index)
 *   2. outside it: ask WeChat for the pending refund and record its answer
 */
export async function refundOrderGoods(
  deps: PaymentDeps,
  site: SiteRow,
  user: SignedInUser,
  orderId: string,
  log: PaymentLog,
): Promise<OrderDetail> {
  if (!isUuid(orderId)) throw orderNotFound();
  const now = deps.clock.now();
  const pending = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order || order.user_id !== user.id || order.site_id !== user.siteId) {
      throw orderNotFound();
    }
    if (order.kind !== 'film' || order.goods_fen === 0) throw orderNotFound();
    if (order.goods_picked_up_at) throw new AppError('GOODS_PICKED_UP', {});
    if (order.goods_refunded_at) throw new AppError('GOODS_ALREADY_REFUNDED', {});
    if (order.status !== 'ticketed' && order.status !== 'used') {
      throw new AppError('GOODS_REFUND_NOT_ALLOWED', { status: order.status });
    }
    const goodsFen = order.goods_fen - order.goods_discount_fen;
    if (!(await markOrderGoodsRefunded(trx, order.id, { fen: goodsFen, at: now }))) {
      throw new AppError('GOODS_ALREADY_REFUNDED', {});
    }
    await releaseOrderGoods(trx, order.id);
    await recordOrderChange(trx, order, GOODS_REFUND_REASON);
    return refundPartIn(trx, order.id, goodsFen, now, {
      kind: 'goods',
      reason: GOODS_REFUND_REASON,
      outRefundNoOf: goodsRefundNoFor,
    });
  });
  for (const outRefundNo of pending) await executeRefund(deps, site, outRefundNo, log);
  return getOrderDetail(deps, site, user, orderId);
}

function orderNotFound() {
  return notFound('The order', '订单');
}
