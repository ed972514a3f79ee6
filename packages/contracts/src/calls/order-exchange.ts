import { z } from 'zod';
import { defineCall } from '../call.js';
import { idSchema as id } from '../fields.js';
import { orderDetailSchema } from './order.js';

/**
 * Ticket exchange (改签, decision 025): a ticketed film order moves once to another show of the
 * same film at the same cinema, until the site's exchangeCutoffMinutes (30 by default) before its
 * show. The new seats follow the usual seat rules; one transaction sells them to the order,
 * releases the old ones and issues a new ticket code, so the user never holds both or neither.
 * A cheaper choice refunds the difference to the original tender (cards at once, WeChat Pay
 * through WeChat). A dearer one (decision 031) holds the new seats for an exchange order that
 * costs the difference and answers the order with `exchange.pending`: that order is paid like any
 * film order (cards, WeChat Pay or both), and its payment moves the ticket; unpaid, its hold
 * lapses and the ticket stays as it was.
 *
 * Refusals: EXCHANGE_NOT_ALLOWED (past the cutoff, or not ticketed), ALREADY_EXCHANGED,
 * EXCHANGE_PENDING (a dearer exchange already waits for payment), EXCHANGE_SHOW_INVALID (another
 * film or cinema, the same show, not on sale), SEAT_UNAVAILABLE, SEAT_RULE_VIOLATION, NOT_FOUND.
 */
export const exchangeFilmOrderCall = defineCall({
  method: 'POST',
  path: '/order/exchange',
  isSignedIn: true,
  /** The seats by id (`/show/seats`) or by label (`/show/layout`, e.g. ["C7", "C8"]): one of the two. */
  body: z
    .object({
      orderId: id,
      showId: id,
      seatIds: z.array(id).min(1).max(50).optional(),
      seatLabels: z.array(z.string().trim().min(1).max(16)).min(1).max(50).optional(),
    })
    .refine((body) => (body.seatIds === undefined) !== (body.seatLabels === undefined), {
      message: 'send seatIds or seatLabels',
      path: ['seatIds'],
    }),
  answer: orderDetailSchema,
});

/** The last moment an exchange is accepted: cutoffMinutes before the show. */
export function exchangeAllowedUntil(showStartAt: Date, cutoffMinutes: number): Date {
  return new Date(showStartAt.getTime() - cutoffMinutes * 60_000);
}

/**
 * How a refund of `refundFen` splits over what was paid: in proportion to the card and WeChat
 * parts (WeChat's share rounded, the card takes the rest), never more than either part.
 */
export function splitExchangeRefund(
  refundFen: number,
  paid: { cardFen: number; wechatFen: number },
): { cardFen: number; wechatFen: number } {
  const total = paid.cardFen + paid.wechatFen;
  if (refundFen <= 0 || total <= 0) return { cardFen: 0, wechatFen: 0 };
  const capped = Math.min(refundFen, total);
  const wechatFen = Math.min(paid.wechatFen, Math.round((capped * paid.wechatFen) / total));
  const cardFen = Math.min(paid.cardFen, capped - wechatFen);
  return { cardFen, wechatFen: capped - cardFen };
}

/**
 * What an exchange does to the order's price: the seats' difference (member prices) comes off or
 * goes on what was paid, so a coupon's discount stays with the order (decision 024). A cheaper
 * choice refunds at most what leaves 1 fen paid; a dearer one costs exactly the seats' difference.
 */
export function exchangePriceChange(prices: {
  fromSeatsFen: number;
  toSeatsFen: number;
  paidFen: number;
}): { refundFen: number; extraFen: number; toAmountFen: number } {
  const { fromSeatsFen, toSeatsFen, paidFen } = prices;
  if (toSeatsFen > fromSeatsFen) {
    const extraFen = toSeatsFen - fromSeatsFen;
    return { refundFen: 0, extraFen, toAmountFen: paidFen + extraFen };
  }
  const refundFen = Math.max(0, Math.min(fromSeatsFen - toSeatsFen, paidFen - 1));
  return { refundFen, extraFen: 0, toAmountFen: paidFen - refundFen };
}

/**
 * Until when a dearer exchange's difference may be paid: the usual seat hold, but never past the
 * exchange cutoff of the show being left nor the sales close of the new show, so that a payment
 * in time is always an exchange still allowed.
 */
export function exchangePayDeadline(limits: {
  now: Date;
  holdMinutes: number;
  exchangeClosesAt: Date;
  salesCloseAt: Date;
}): Date {
  return new Date(
    Math.min(
      limits.now.getTime() + limits.holdMinutes * 60_000,
      limits.exchangeClosesAt.getTime(),
      limits.salesCloseAt.getTime(),
    ),
  );
}
