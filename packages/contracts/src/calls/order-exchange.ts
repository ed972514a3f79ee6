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
 * through WeChat); a dearer one is refused (EXCHANGE_COSTS_MORE) for now.
 *
 * Refusals: EXCHANGE_NOT_ALLOWED (past the cutoff, or not ticketed), ALREADY_EXCHANGED,
 * EXCHANGE_SHOW_INVALID (another film or cinema, the same show, not on sale), EXCHANGE_COSTS_MORE,
 * SEAT_UNAVAILABLE, SEAT_RULE_VIOLATION, NOT_FOUND.
 */
export const exchangeFilmOrderCall = defineCall({
  method: 'POST',
  path: '/order/exchange',
  isSignedIn: true,
  body: z.object({
    orderId: id,
    showId: id,
    seatIds: z.array(id).min(1).max(50),
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
