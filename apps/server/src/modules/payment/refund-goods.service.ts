import { splitExchangeRefund, type OrderDetail } from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { refundCardChargesPart } from '../cards/index.js';
import {
  getOrderDetail,
  lockOrder,
  markOrderGoodsRefunded,
  recordOrderChange,
  type OrderRow,
} from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { releaseOrderGoods } from '../store/index.js';
import * as paymentRepository from './payment.repository.js';
import { executeRefund, remainingFenOf } from './refund-execution.js';
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
    return refundPartIn(trx, order, goodsFen, now);
  });
  for (const outRefundNo of pending) await executeRefund(deps, site, outRefundNo, log);
  return getOrderDetail(deps, site, user, orderId);
}

/**
 * Inside the refunding transaction: `refundFen` goes back to the order's succeeded payments in
 * proportion to what each has left (`splitExchangeRefund`): cards credited at once, the WeChat
 * part written as a pending partial refund. Answers the out_refund_nos to ask WeChat.
 */
async function refundPartIn(
  trx: Transaction<Database>,
  order: OrderRow,
  refundFen: number,
  now: Date,
): Promise<string[]> {
  if (refundFen <= 0) return [];
  const payments = (await paymentRepository.listByOrder(trx, order.id)).filter(
    (payment) => payment.status === 'succeeded',
  );
  const card = payments.find((payment) => payment.method === 'card');
  const wechat = payments.find((payment) => payment.method === 'wechat');
  const split = splitExchangeRefund(refundFen, {
    cardFen: card ? await remainingFenOf(trx, card) : 0,
    wechatFen: wechat ? await remainingFenOf(trx, wechat) : 0,
  });
  const outRefundNos: string[] = [];
  for (const [payment, fen] of [
    [card, split.cardFen],
    [wechat, split.wechatFen],
  ] as const) {
    if (!payment || fen <= 0) continue;
    if (payment.method === 'card') {
      await refundCardChargesPart(trx, order.id, fen, GOODS_REFUND_REASON, now);
    }
    const outRefundNo = `G${payment.out_trade_no}`.slice(0, 64);
    await paymentRepository.insertRefund(trx, {
      out_refund_no: outRefundNo,
      payment_id: payment.id,
      order_id: order.id,
      amount_fen: fen,
      status: payment.method === 'card' ? 'succeeded' : 'pending',
      is_automatic: false,
      reason: GOODS_REFUND_REASON,
      kind: 'goods',
      created_at: now,
      updated_at: now,
    });
    if (payment.method === 'wechat') outRefundNos.push(outRefundNo);
  }
  return outRefundNos;
}

function orderNotFound() {
  return notFound('The order', '订单');
}
