import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/schema.js';

/**
 * For tests that need an order marked paid without going through a payment: records the WeChat
 * payment that collected its whole total, so the database's paid check (migration 0009) accepts
 * the move. Shipped code never does this; it pays through the payment module.
 */
export async function recordWholePaymentForTest(db: Executor, orderId: string): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .select(['site_id', 'user_id', 'amount_fen', 'pay_deadline_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const now = new Date();
  await db
    .insertInto('payments')
    .values({
      order_id: orderId,
      site_id: order.site_id,
      user_id: order.user_id,
      method: 'wechat',
      amount_fen: order.amount_fen,
      status: 'succeeded',
      out_trade_no: `TEST${randomBytes(10).toString('hex')}`,
      created_at: now,
      updated_at: now,
      expires_at: order.pay_deadline_at,
    })
    .execute();
}
