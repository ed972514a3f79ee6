import { randomInt } from 'node:crypto';
import { canPaymentTransition, type PaymentStatus } from '@marquee/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { releaseCardHold } from '../cards/index.js';
import * as paymentRepository from './payment.repository.js';

/**
 * Steps the paying use cases share; each runs inside the caller's transaction, which has locked
 * the order row first (the one lock order of every paying use case: order, then its payments).
 *
 * An attempt is what one paying call starts: one payment (cards, or WeChat) or two (a combined
 * payment: a card part held, a WeChat part pending). An order has at most one live attempt: the
 * one whose parts are pending (a unique index allows one pending payment per order and method).
 */

type PaymentRow = Selectable<PaymentsTable>;

/** How long an attempt may take to open its WeChat transaction before another may replace it. */
export const OPENING_GRACE_SECONDS = 30;

/** WeChat's out_trade_no: 6–32 of [A-Za-z0-9]; ours is time plus random digits, unique by index. */
export function newOutTradeNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `MQ${stamp}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/**
 * Move a payment along the payment transition table (checked here and again by the database
 * trigger), or fail loudly if someone moved it first.
 */
export async function movePayment(
  trx: Transaction<Database>,
  payment: { id: string; status: PaymentStatus },
  to: PaymentStatus,
  at: Date,
  extra: { transaction_id?: string; is_auto_refunded?: boolean } = {},
): Promise<void> {
  if (!canPaymentTransition(payment.status, to)) {
    throw new AppError('CONFLICT', { paymentId: payment.id, from: payment.status, to });
  }
  const moved = await paymentRepository.updateStatus(
    trx,
    payment.id,
    payment.status,
    to,
    at,
    extra,
  );
  if (!moved) throw new AppError('CONFLICT', { paymentId: payment.id, to });
}

/** Whether two payments are parts of one attempt (an attempt forgotten after a crash has none). */
function sameAttempt(a: PaymentRow, b: PaymentRow): boolean {
  return a.attempt_id !== null && a.attempt_id === b.attempt_id;
}

/**
 * The pending card part of the attempt `wechat` belongs to, if that attempt is still live: what a
 * WeChat success has to commit, or a WeChat failure has to release. A card hold of any other
 * attempt is none of this payment's business.
 */
export async function pendingCardPartOf(
  trx: Transaction<Database>,
  wechat: PaymentRow,
): Promise<PaymentRow | undefined> {
  const pending = await paymentRepository.listPendingByOrder(trx, wechat.order_id);
  return pending.find((payment) => payment.method === 'card' && sameAttempt(payment, wechat));
}

/**
 * The WeChat part `wechat` will not complete: give back the card hold of its own attempt (and only
 * that: the order's hold may belong to a newer attempt).
 */
export async function releaseCardPartOf(
  trx: Transaction<Database>,
  wechat: PaymentRow,
  reason: string,
  now: Date,
): Promise<void> {
  const card = await pendingCardPartOf(trx, wechat);
  if (!card) return;
  // chargeCards allows one outstanding card charge per order: the order's hold is this part's.
  await releaseCardHold(trx, card.order_id, reason, now);
  await movePayment(trx, card, 'cancelled', now);
}

/**
 * Make room for a new attempt on a locked order. While another attempt is still opening its WeChat
 * transaction (no prepay id yet, younger than OPENING_GRACE_SECONDS) the new one is refused with
 * PAYMENT_IN_PROGRESS naming it: concurrent starts give one live attempt. Otherwise the live
 * attempt's parts are given up here (card hold released, WeChat part cancelled) and the WeChat
 * transactions returned, to be closed after commit (`closeGivenUp`): should WeChat have taken the
 * money meanwhile, that settles it (an automatic refund) at once.
 */
export async function supersedeLiveAttempt(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<string[]> {
  const pending = await paymentRepository.listPendingByOrder(trx, orderId);
  const opening = pending.find(
    (payment) =>
      payment.method === 'wechat' &&
      payment.prepay_id === null &&
      now.getTime() - payment.created_at.getTime() < OPENING_GRACE_SECONDS * 1000,
  );
  if (opening) {
    throw new AppError('PAYMENT_IN_PROGRESS', {
      orderId,
      attemptId: opening.attempt_id,
      paymentId: opening.id,
      retryAfterSeconds: OPENING_GRACE_SECONDS,
    });
  }
  return giveUpLiveAttempt(trx, orderId, now, 'superseded by a new payment attempt', pending);
}

/**
 * On a locked order: its live attempt's parts are given up, whatever their state (card hold
 * released with `reason`, WeChat part cancelled; an attempt still opening its WeChat transaction
 * then closes it itself and answers CONFLICT). Answers the WeChat transactions to close after
 * commit (`closeGivenUp`), which settles money WeChat took meanwhile (an automatic refund).
 */
export async function giveUpLiveAttempt(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
  reason: string,
  pending?: readonly PaymentRow[],
): Promise<string[]> {
  const toClose: string[] = [];
  for (const payment of pending ?? (await paymentRepository.listPendingByOrder(trx, orderId))) {
    if (payment.method === 'card') {
      await releaseCardHold(trx, orderId, reason, now);
    } else if (payment.provider_closed_at === null) {
      toClose.push(payment.out_trade_no);
    }
    await movePayment(trx, payment, 'cancelled', now);
  }
  return toClose;
}
