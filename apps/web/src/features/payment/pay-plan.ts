import {
  cardTypeForOrderKind,
  isCardTypeUsable,
  orderKindOfParam,
  suggestSplit,
  yuanToFen,
  type OrderCardType,
  type PayParam,
  type StoreCard,
} from '@marquee/contracts';

/** How the pay panel proposes to pay, from the user's cards (spec §5–§6 rules from contracts). */

export type PayMethod = 'wechat' | 'cards' | 'combined';

/** The card type that pays for what `param` names: tickets 'film', store orders 'goods'. */
export function cardTypeOf(param: PayParam): OrderCardType {
  return cardTypeForOrderKind(orderKindOfParam(param));
}

/** The cards that can pay for this kind of order and have money on them. */
export function usableCards(storeCard: readonly StoreCard[], cardType: string): StoreCard[] {
  return storeCard.filter(
    (card) => isCardTypeUsable(card.cardTypeList, cardType) && card.balance > 0,
  );
}

export function balanceFenOf(cards: readonly StoreCard[]): number {
  return cards.reduce((sum, card) => sum + yuanToFen(card.balance), 0);
}

/** Which methods make sense: cards alone only when they cover the total, combined only when they cover part. */
export function availableMethods(amountFen: number, usableBalanceFen: number): PayMethod[] {
  if (usableBalanceFen >= amountFen) return ['cards', 'wechat'];
  if (usableBalanceFen > 0) return ['combined', 'wechat'];
  return ['wechat'];
}

export type PayPlan =
  | { ok: true; method: PayMethod; cardFen: number; wechatFen: number }
  | { ok: false; reason: 'NO_CARD_CHOSEN' | 'CARDS_TOO_LITTLE' };

/** What a confirmed choice pays: cards first, the rest by WeChat for a combined payment. */
export function planPayment(
  method: PayMethod,
  amountFen: number,
  chosen: readonly StoreCard[],
): PayPlan {
  if (method === 'wechat') return { ok: true, method, cardFen: 0, wechatFen: amountFen };
  if (chosen.length === 0) return { ok: false, reason: 'NO_CARD_CHOSEN' };
  const { cardFen, wechatFen } = suggestSplit(amountFen, balanceFenOf(chosen));
  if (method === 'cards') {
    return wechatFen > 0
      ? { ok: false, reason: 'CARDS_TOO_LITTLE' }
      : { ok: true, method, cardFen, wechatFen: 0 };
  }
  // Combined with cards that cover everything is simply a card payment.
  if (wechatFen === 0) return { ok: true, method: 'cards', cardFen, wechatFen: 0 };
  return { ok: true, method, cardFen, wechatFen };
}
