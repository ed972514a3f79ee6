import {
  cardTypeForOrderKind,
  isCardTypeUsable,
  planPartCardDebits,
  orderKindOfParam,
  suggestSplit,
  yuanToFen,
  type OrderCardType,
  type OrderParts,
  type PayParam,
  type StoreCard,
} from '@marquee/contracts';

/** How the pay panel proposes to pay, from the user's cards (spec §5–§6 rules from contracts). */

export type PayMethod = 'wechat' | 'cards' | 'combined';

/** The card type that pays for what `param` names: tickets 'film', store orders 'goods'. */
export function cardTypeOf(param: PayParam): OrderCardType {
  return cardTypeForOrderKind(orderKindOfParam(param));
}

/**
 * The cards that can pay for this kind of order and have money on them; with `parts` (a film
 * order with snacks, decision 029) a card that pays either part.
 */
export function usableCards(
  storeCard: readonly StoreCard[],
  cardType: string,
  parts?: OrderParts,
): StoreCard[] {
  const canPay = (card: StoreCard) =>
    parts && parts.goodsFen > 0
      ? isCardTypeUsable(card.cardTypeList, 'film') || isCardTypeUsable(card.cardTypeList, 'goods')
      : isCardTypeUsable(card.cardTypeList, cardType);
  return storeCard.filter((card) => canPay(card) && card.balance > 0);
}

/**
 * What these cards can pay: their balances, or with `parts` what they can pay within each part
 * (a film card never pays the snacks: `planPartCardDebits`).
 */
export function balanceFenOf(cards: readonly StoreCard[], parts?: OrderParts): number {
  const balanceFen = cards.reduce((sum, card) => sum + yuanToFen(card.balance), 0);
  if (!parts || parts.goodsFen === 0 || cards.length === 0) return balanceFen;
  const amountFen = parts.filmFen + parts.goodsFen;
  const plan = planPartCardDebits(
    cards.map((card) => ({
      id: card.id,
      cardTypeList: card.cardTypeList,
      balanceFen: yuanToFen(card.balance),
      createdAt: '1970-01-01',
    })),
    parts,
    amountFen,
  );
  if (plan.ok) return amountFen;
  return plan.reason === 'INSUFFICIENT_BALANCE' ? plan.availableFen : 0;
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
  parts?: OrderParts,
): PayPlan {
  if (method === 'wechat') return { ok: true, method, cardFen: 0, wechatFen: amountFen };
  if (chosen.length === 0) return { ok: false, reason: 'NO_CARD_CHOSEN' };
  const { cardFen, wechatFen } = suggestSplit(amountFen, balanceFenOf(chosen, parts));
  if (method === 'cards') {
    return wechatFen > 0
      ? { ok: false, reason: 'CARDS_TOO_LITTLE' }
      : { ok: true, method, cardFen, wechatFen: 0 };
  }
  // Combined with cards that cover everything is simply a card payment.
  if (wechatFen === 0) return { ok: true, method: 'cards', cardFen, wechatFen: 0 };
  return { ok: true, method, cardFen, wechatFen };
}
