import { cardTypeForOrderKind, orderEventReasons, type OrderStatus } from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { chargeCards } from '../cards/index.js';
import { fulfilPaidOrder, type OrderRow } from '../orders/index.js';
import { partsOf } from './pay-by-card.service.js';
import { newOutTradeNo, supersedeLiveAttempt } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';

/**
 * Paying a counter sale (the box office, decision 043) inside the box office's transaction, with
 * the same rows as an online payment: a `payments` row (method `cash` or `card`, naming the
 * cashier's shift and the paying attempt of the idempotency key), the card ledger through
 * `chargeCards`, and the order paid and ticketed through the orders module. The caller has locked
 * the order and checked it is an unpaid counter sale of its cinema.
 */
export interface CounterPaymentInput {
  order: OrderRow;
  method: 'cash' | 'card';
  shiftId: string;
  attemptId: string;
  idempotencyKey: string;
  /** Card: the member's chosen card (the order is the member's by now). */
  cardIds?: readonly string[];
  now: Date;
}

export interface CounterPaymentResult {
  paymentId: string;
  orderStatus: OrderStatus;
  /** WeChat transactions of an earlier attempt (a Native QR shown first), to close after commit. */
  toClose: string[];
}

export async function payCounterOrderIn(
  trx: Transaction<Database>,
  input: CounterPaymentInput,
): Promise<CounterPaymentResult> {
  const { order, now } = input;
  if (order.status !== 'pending_payment' || order.pay_deadline_at.getTime() < now.getTime()) {
    throw order.status === 'pending_payment' || order.status === 'expired'
      ? new AppError('HOLD_EXPIRED', { orderId: order.id, kind: order.kind })
      : new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'paid' });
  }
  const toClose = await supersedeLiveAttempt(trx, order.id, now);
  if (input.method === 'card') {
    await chargeCards(trx, {
      siteId: order.site_id,
      userId: order.user_id,
      orderId: order.id,
      cardType: cardTypeForOrderKind(order.kind),
      parts: partsOf(order),
      cardIds: input.cardIds ?? [],
      amountFen: order.amount_fen,
      mode: 'commit',
      clockNow: now,
    });
  }
  const payment = await paymentRepository.insertPayment(trx, {
    order_id: order.id,
    site_id: order.site_id,
    user_id: order.user_id,
    attempt_id: input.attemptId,
    idempotency_key: input.idempotencyKey,
    method: input.method,
    amount_fen: order.amount_fen,
    status: 'succeeded',
    out_trade_no: newOutTradeNo(now),
    shift_id: input.shiftId,
    created_at: now,
    updated_at: now,
    expires_at: order.pay_deadline_at,
  });
  const orderStatus = await fulfilPaidOrder(
    trx,
    order,
    now,
    input.method === 'cash' ? orderEventReasons.paidInCash : orderEventReasons.paidByCard,
  );
  return { paymentId: payment.id, orderStatus, toClose };
}

/** The stored answer of a paying attempt (idempotency): written in the paying transaction. */
export function storeCounterAnswer(
  trx: Transaction<Database>,
  attemptId: string,
  answer: unknown,
): Promise<unknown> {
  return paymentRepository.storeAnswer(trx, attemptId, answer);
}
