import { fenToYuan } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import type { OrderMoneyReader } from '../orders/index.js';
import * as paymentRepository from './payment.repository.js';

/** Money on an order as its pages show it: its payments and refunds (registered with orders). */
export const paymentMoneyReader: OrderMoneyReader = {
  async read(db: Executor, orderId: string) {
    const [payments, refunds] = await Promise.all([
      paymentRepository.listByOrder(db, orderId),
      paymentRepository.listRefundsByOrder(db, orderId),
    ]);
    return {
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
        reason: refund.reason,
        createdAt: refund.created_at.toISOString(),
      })),
    };
  },
};
