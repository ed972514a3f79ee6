import type { OrderCardType } from './cards.js';
import type { OrderKind } from './order-status.js';

/**
 * Payments move only through this table; the database holds the same rows
 * (payment_status_transitions) and a trigger refuses any other move.
 *
 * pending → succeeded | failed | cancelled. The provider is the truth about money: a WeChat payment
 * we had given up on (failed, cancelled) that the provider later reports as paid becomes succeeded
 * and is then refunded automatically. succeeded → refund_pending → refunded (WeChat part) or
 * succeeded → refunded (card part, credited back in the same transaction).
 */
export const paymentStatuses = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'refund_pending',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** `cash`: paid at a cinema's counter (the box office). */
export const paymentMethods = ['card', 'wechat', 'cash'] as const;

export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['succeeded', 'failed', 'cancelled'],
  failed: ['succeeded'],
  cancelled: ['succeeded'],
  succeeded: ['refund_pending', 'refunded'],
  refund_pending: ['refunded'],
  refunded: [],
};

export function canPaymentTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** The card type an order of this kind is paid with (a 'general' card covers both). */
export function cardTypeForOrderKind(kind: OrderKind): OrderCardType {
  return kind === 'film' ? 'film' : 'goods';
}

export type PaymentSplit =
  | { isValid: true; cardFen: number; wechatFen: number }
  | { isValid: false; reason: 'WECHAT_NOT_POSITIVE' | 'CARD_NOT_POSITIVE' };

/**
 * A combined payment: WeChat pays `wechatFen`, the cards the rest. Both parts must be positive
 * (all-WeChat is the wechatPay call; all-card is a card payment without payDetailParam).
 */
export function splitPayment(amountFen: number, wechatFen: number): PaymentSplit {
  if (!Number.isInteger(wechatFen) || wechatFen <= 0) {
    return { isValid: false, reason: 'WECHAT_NOT_POSITIVE' };
  }
  const cardFen = amountFen - wechatFen;
  if (cardFen <= 0) return { isValid: false, reason: 'CARD_NOT_POSITIVE' };
  return { isValid: true, cardFen, wechatFen };
}

/**
 * What the pay panel proposes: cards first, the rest by WeChat. With no usable balance everything
 * goes to WeChat; with enough balance nothing does.
 */
export function suggestSplit(
  amountFen: number,
  usableBalanceFen: number,
): { cardFen: number; wechatFen: number } {
  const cardFen = Math.max(0, Math.min(amountFen, usableBalanceFen));
  return { cardFen, wechatFen: amountFen - cardFen };
}

/** The last moment a ticket can be refunded: `cutoffMinutes` before the show starts. */
export function refundAllowedUntil(showStartAt: Date, cutoffMinutes: number): Date {
  return new Date(showStartAt.getTime() - cutoffMinutes * 60_000);
}

export function isRefundAllowed(now: Date, showStartAt: Date, cutoffMinutes: number): boolean {
  return now.getTime() <= refundAllowedUntil(showStartAt, cutoffMinutes).getTime();
}
