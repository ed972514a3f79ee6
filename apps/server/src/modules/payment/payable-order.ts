import { fenToYuan, mobilePhoneSchema, orderKindOfParam, type PayParam } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { findOrder, lockOrder, type OrderRow } from '../orders/index.js';

export type { OrderRow };

/**
 * A store order is picked up at the counter, which may need to call the buyer: paying one needs a
 * mainland mobile number. Checked before anything is spent (a password try, a provider call).
 */
export function requirePhoneFor(param: PayParam, phone: string | undefined): void {
  if (orderKindOfParam(param) !== 'store') return;
  if (phone && mobilePhoneSchema.safeParse(phone).success) return;
  throw new AppError('VALIDATION_FAILED', {
    fields: ['body.phone'],
    hint: '请填写正确的 11 位手机号，取货时柜台可能需要联系您',
    hintEn: 'Enter a valid 11-digit mobile number: the counter may need to call you.',
    issues: [
      {
        field: 'body.phone',
        message: "a store order needs the buyer's 11-digit mainland mobile number",
      },
    ],
  });
}

/**
 * Which order a paying call's `param` names, and whether it can be paid now. A FILM_ORDER is an
 * order of kind 'film' (cards must cover 'film'), a STORE_ORDER one of kind 'store' (cards must
 * cover 'goods'; `phone` is required); `completePaidOrder` then tickets or readies it.
 */
function checkPayable(order: OrderRow | undefined, user: SignedInUser, param: PayParam, now: Date) {
  if (
    !order ||
    order.user_id !== user.id ||
    order.site_id !== user.siteId ||
    order.kind !== orderKindOfParam(param)
  ) {
    throw notFound('The order', '订单');
  }
  if (order.status === 'expired') {
    throw new AppError('HOLD_EXPIRED', { orderId: order.id, kind: order.kind });
  }
  if (order.status !== 'pending_payment') {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'paid' });
  }
  if (order.pay_deadline_at.getTime() < now.getTime()) {
    throw new AppError('HOLD_EXPIRED', { orderId: order.id, kind: order.kind });
  }
  return order;
}

/**
 * An exchange order no longer waiting whose original was refunded meanwhile (a staff refund
 * cancels it with the original, decision 031): EXCHANGE_GONE says why, not just its status.
 */
async function refuseGoneExchange(db: Executor, order: OrderRow | undefined): Promise<void> {
  if (!order?.exchange_of || order.status === 'pending_payment') return;
  const original = await findOrder(db, order.exchange_of);
  if (original && original.status !== 'ticketed') throw new AppError('EXCHANGE_GONE', {});
}

/** A look without a lock, before anything is spent (a password try, a provider call). */
export async function findPayableOrder(
  db: Executor,
  user: SignedInUser,
  param: PayParam,
  now: Date,
): Promise<OrderRow> {
  const order = await findOrder(db, param.orderId);
  if (order?.user_id === user.id) await refuseGoneExchange(db, order);
  return checkPayable(order, user, param, now);
}

/** The order locked for the rest of the paying transaction. */
export async function lockPayableOrder(
  trx: Executor,
  user: SignedInUser,
  param: PayParam,
  now: Date,
): Promise<OrderRow> {
  const order = await lockOrder(trx, param.orderId);
  if (order?.user_id === user.id) await refuseGoneExchange(trx, order);
  return checkPayable(order, user, param, now);
}

/**
 * A paying call prices its parts (the cards' share, WeChat's share, the film and goods parts) from
 * the order it read before the lock; a coupon applied or removed, or snacks changed, since then
 * re-priced it. Paying on would charge the old price (the database refuses to call such an order
 * paid) or open WeChat for the wrong share, so the call is refused under the lock before anything
 * is spent: CONFLICT naming the new price, for the user to check and pay again.
 */
export function requireUnchangedPrice(priced: OrderRow, locked: OrderRow): void {
  if (
    priced.amount_fen === locked.amount_fen &&
    priced.goods_fen === locked.goods_fen &&
    priced.goods_discount_fen === locked.goods_discount_fen
  ) {
    return;
  }
  throw new AppError('CONFLICT', {
    reason: 'priceChanged',
    orderId: locked.id,
    pricedAmount: fenToYuan(priced.amount_fen),
    payAmount: fenToYuan(locked.amount_fen),
  });
}
