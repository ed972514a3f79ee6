import { fenToYuan } from '@marquee/contracts';
import type { Executor, RefundStatus } from '../../db/schema.js';
import { cardsChargedForOrders } from '../cards/index.js';
import { orderFamilyIds, type OrderMoneyReader } from '../orders/index.js';
import * as paymentRepository from './payment.repository.js';

/**
 * Money on an order as its pages show it: its payments and refunds, with those of its exchange
 * orders (a dearer exchange's difference, decision 031). Registered with orders.
 */
export const paymentMoneyReader: OrderMoneyReader = {
  async read(db: Executor, orderId: string) {
    const family = await orderFamilyIds(db, orderId);
    const [payments, refunds, charged] = await Promise.all([
      paymentRepository.listByOrders(db, family),
      paymentRepository.listRefundsByOrders(db, family),
      cardsChargedForOrders(db, family),
    ]);
    const cardsOf = (orderId: string) =>
      charged
        .filter((card) => card.order_id === orderId)
        .map((card) => ({ name: card.name, cardNoTail: card.card_no.slice(-4) }));
    return {
      payments: payments.map((payment) => ({
        paymentId: payment.id,
        method: payment.method,
        amount: fenToYuan(payment.amount_fen),
        status: payment.status,
        createdAt: payment.created_at.toISOString(),
        cards: payment.method === 'card' ? cardsOf(payment.order_id) : [],
      })),
      refunds: refunds.map((refund) => ({
        outRefundNo: refund.out_refund_no,
        method: refund.method,
        amount: fenToYuan(refund.amount_fen),
        status: buyerRefundStatus(refund.status),
        isAutomatic: refund.is_automatic,
        reason: refund.reason,
        createdAt: refund.created_at.toISOString(),
      })),
    };
  },
};

/**
 * The buyer's word for a refund: WeChat's ABNORMAL and CLOSED (waiting for staff, who see the
 * exact state in the console) read as failed on the order page, as before 0022.
 */
function buyerRefundStatus(status: RefundStatus): 'pending' | 'succeeded' | 'failed' {
  return status === 'abnormal' || status === 'closed' ? 'failed' : status;
}
