import { fenToYuan, yuanToFen } from '../money.js';

/** The card type that covers every other type (spec §5–§6). */
export const GENERAL_CARD_TYPE = 'general';

/**
 * The card type that pays for one kind of order: tickets 'film', store orders 'goods' (a 'general'
 * card covers both). A card type, not an order kind: see `cardTypeForOrderKind`.
 */
export type OrderCardType = 'film' | 'goods';

/**
 * Spec §5: a card type is usable if the user has the 'general' type or the specific type. The
 * type list is the user's `allTypeList`, or one card's `cardTypeList` (does this card pay for it?).
 */
export function isCardTypeUsable(typeList: readonly string[], cardType: string): boolean {
  return typeList.includes(GENERAL_CARD_TYPE) || typeList.includes(cardType);
}

/** Spec §5: the balance for a type is the sum of balances of cards listing that type or 'general'. */
export function balanceForType(
  storeCard: readonly { cardTypeList: readonly string[]; balance: number }[],
  cardType: string,
): number {
  const fen = storeCard
    .filter((card) => isCardTypeUsable(card.cardTypeList, cardType))
    .reduce((sum, card) => sum + yuanToFen(card.balance), 0);
  return fenToYuan(fen);
}
