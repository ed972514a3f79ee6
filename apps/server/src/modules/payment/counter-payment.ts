import {
  cardTypeForOrderKind,
  formatYuan,
  orderEventReasons,
  type OrderStatus,
} from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { chargeCards } from '../cards/index.js';
import { fulfilPaidOrder, type OrderRow } from '../orders/index.js';
import { partsOf } from './pay-by-card.service.js';
import { giveUpLiveAttempt, newOutTradeNo, supersedeLiveAttempt } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';

/**
 * Paying a counter sale (the box office, decision 043) inside the box office's transaction, with
 * the same rows as an online payment: a `payments` row per part (method `cash`, `card` or
 * `wechat`, naming the cashier's shift and the paying attempt of the idempotency key), the card
 * ledger through `chargeCards`, and the order paid and ticketed through the orders module. The
 * caller has locked the order and checked it is an unpaid counter sale of its cinema.
 *
 * A split tender (decision 049) is one attempt of several parts, as an online combined payment:
 * a card part with cash (both taken now) or with WeChat (the card held until WeChat's part is
 * paid, released when it fails or is given up; settle.service does both).
 */
export interface CounterPaymentInput {
  order: OrderRow;
  method: 'cash' | 'card';
  shiftId: string;
  attemptId: string;
  idempotencyKey: string;
  /** Card: the member's chosen card (the order is the member's by now). */
  cardIds?: readonly string[];
  /** Cash: the member's card pays this part first (the order is the member's by now). */
  cardPart?: CounterCardPart;
  now: Date;
}

/** The card's part of a split tender: fen, more than 0 and less than the order's total. */
export interface CounterCardPart {
  cardId: string;
  amountFen: number;
}

export interface CounterPaymentResult {
  /** The payment of `method` (cash: what the drawer's sale names). */
  paymentId: string;
  /** What `method` took (the total less a card part). */
  amountFen: number;
  orderStatus: OrderStatus;
  /** WeChat transactions of an earlier attempt (a Native QR shown first), to close after commit. */
  toClose: string[];
}

export async function payCounterOrderIn(
  trx: Transaction<Database>,
  input: CounterPaymentInput,
): Promise<CounterPaymentResult> {
  const { order, now } = input;
  requirePayableCounterOrder(order, now);
  const toClose = await supersedeLiveAttempt(trx, order.id, now);
  const part = partRowOf(input);
  const cardFen = input.cardPart ? await takeCardPart(trx, input, input.cardPart, 'commit') : 0;
  const amountFen = order.amount_fen - cardFen;
  if (input.method === 'card') {
    await charge(trx, order, input.cardIds ?? [], amountFen, 'commit', now);
  }
  const payment = await paymentRepository.insertPayment(trx, {
    ...part,
    method: input.method,
    amount_fen: amountFen,
    status: 'succeeded',
    out_trade_no: newOutTradeNo(now),
  });
  const orderStatus = await fulfilPaidOrder(
    trx,
    order,
    now,
    input.method === 'cash' ? orderEventReasons.paidInCash : orderEventReasons.paidByCard,
  );
  return { paymentId: payment.id, amountFen, orderStatus, toClose };
}

/**
 * The card part of a split tender, inside the paying transaction: the member's card charged
 * (`commit`, with cash) or held (`hold`, until WeChat's part is paid), and its `payments` row
 * (succeeded, or pending with the hold). Answers the part's fen.
 */
export async function takeCardPart(
  trx: Transaction<Database>,
  input: Omit<CounterPaymentInput, 'method' | 'cardIds' | 'cardPart'>,
  cardPart: CounterCardPart,
  mode: 'commit' | 'hold',
): Promise<number> {
  const { order, now } = input;
  if (cardPart.amountFen <= 0 || cardPart.amountFen >= order.amount_fen) {
    throw new AppError('COUNTER_SPLIT_INVALID', {
      cardAmount: formatYuan(cardPart.amountFen),
      amount: formatYuan(order.amount_fen),
    });
  }
  await charge(trx, order, [cardPart.cardId], cardPart.amountFen, mode, now);
  await paymentRepository.insertPayment(trx, {
    ...partRowOf(input),
    method: 'card',
    amount_fen: cardPart.amountFen,
    status: mode === 'commit' ? 'succeeded' : 'pending',
    out_trade_no: newOutTradeNo(now),
  });
  return cardPart.amountFen;
}

/** An unpaid order whose hold still runs: else HOLD_EXPIRED, or ORDER_STATE_INVALID when paid. */
export function requirePayableCounterOrder(order: OrderRow, now: Date): void {
  if (order.status !== 'pending_payment' || order.pay_deadline_at.getTime() < now.getTime()) {
    throw order.status === 'pending_payment' || order.status === 'expired'
      ? new AppError('HOLD_EXPIRED', { orderId: order.id, kind: order.kind })
      : new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'paid' });
  }
}

/** The columns every part of a counter attempt shares. */
export function partRowOf(input: Omit<CounterPaymentInput, 'method'>) {
  const { order, now } = input;
  return {
    order_id: order.id,
    site_id: order.site_id,
    user_id: order.user_id,
    attempt_id: input.attemptId,
    idempotency_key: input.idempotencyKey,
    shift_id: input.shiftId,
    created_at: now,
    updated_at: now,
    expires_at: order.pay_deadline_at,
  };
}

function charge(
  trx: Transaction<Database>,
  order: OrderRow,
  cardIds: readonly string[],
  amountFen: number,
  mode: 'commit' | 'hold',
  now: Date,
): Promise<unknown> {
  return chargeCards(trx, {
    siteId: order.site_id,
    userId: order.user_id,
    orderId: order.id,
    cardType: cardTypeForOrderKind(order.kind),
    parts: partsOf(order),
    cardIds,
    amountFen,
    mode,
    clockNow: now,
  });
}

/**
 * A counter sale withdrawn (the customer walked away), on its locked order: the payment under way
 * is given up (a held card part released, a WeChat part cancelled). Answers the WeChat
 * transactions to close after commit.
 */
export function giveUpCounterAttempt(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<string[]> {
  return giveUpLiveAttempt(trx, orderId, now, 'counter sale cancelled');
}

/** The stored answer of a paying attempt (idempotency): written in the paying transaction. */
export function storeCounterAnswer(
  trx: Transaction<Database>,
  attemptId: string,
  answer: unknown,
): Promise<unknown> {
  return paymentRepository.storeAnswer(trx, attemptId, answer);
}
