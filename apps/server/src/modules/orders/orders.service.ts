import { randomInt } from 'node:crypto';
import { canTransition, type OrderStatus } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import * as ordersRepository from './orders.repository.js';

/**
 * The one way an order changes status: checked against the transition table here and again by the
 * database trigger, recorded in order_events, and safe against a concurrent move (compare-and-set).
 */
export async function transitionOrder(
  trx: Executor,
  order: { id: string; status: OrderStatus },
  to: OrderStatus,
  reason: string,
  extra: { paid_at?: Date; pickup_code?: string } = {},
): Promise<void> {
  if (!canTransition(order.status, to)) {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to });
  }
  const moved = await ordersRepository.updateStatus(trx, order.id, order.status, to, extra);
  if (!moved) {
    const current = await ordersRepository.findById(trx, order.id);
    throw new AppError('ORDER_STATE_INVALID', { status: current?.status ?? 'missing', to });
  }
  await ordersRepository.insertEvent(trx, { orderId: order.id, from: order.status, to, reason });
}

/**
 * The user withdraws an unpaid order, inside the caller's transaction: the order is locked and
 * moves to 'cancelled' (or 'expired' once its deadline has passed), and `release` gives back what
 * it held (seats, stock). An order already cancelled or expired stays as it is; a paid one is
 * refused with ORDER_STATE_INVALID; someone else's, or one of another kind, is `notFound()`.
 */
export async function withdrawUnpaidOrder(
  trx: Executor,
  request: {
    orderId: string;
    kind: 'film' | 'store';
    userId: string;
    now: Date;
    expiredReason: string;
    notFound: () => Error;
    release: (orderId: string) => Promise<unknown>;
  },
): Promise<void> {
  const order = await ordersRepository.findByIdForUpdate(trx, request.orderId);
  if (!order || order.kind !== request.kind || order.user_id !== request.userId) {
    throw request.notFound();
  }
  if (order.status === 'cancelled' || order.status === 'expired') return;
  if (order.status !== 'pending_payment') {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'cancelled' });
  }
  const isOverdue = order.pay_deadline_at.getTime() <= request.now.getTime();
  await transitionOrder(
    trx,
    order,
    isOverdue ? 'expired' : 'cancelled',
    isOverdue ? request.expiredReason : 'cancelled by user',
  );
  await request.release(order.id);
}

/** A readable order number: date plus random digits, e.g. 20261122-48213907. */
export function newOrderNo(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A 10-digit ticket or pickup code shown at the counter (unique per site by index). */
export function newPickupCode(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}
