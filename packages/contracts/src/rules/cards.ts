import { fenToYuan, yuanToFen } from '../money.js';

/** The card type that covers every other type (spec §5–§6). */
export const GENERAL_CARD_TYPE = 'general';

/** Spec §5: a card type is usable if the user has the 'general' type or the specific type. */
export function isCardTypeUsable(allTypeList: readonly string[], cardType: string): boolean {
  return allTypeList.includes(GENERAL_CARD_TYPE) || allTypeList.includes(cardType);
}

/** Does one card pay for orders of this type? */
export function cardCoversType(cardTypeList: readonly string[], cardType: string): boolean {
  return cardTypeList.includes(GENERAL_CARD_TYPE) || cardTypeList.includes(cardType);
}

/** Spec §5: the balance for a type is the sum of balances of cards listing that type or 'general'. */
export function balanceForType(
  storeCard: readonly { cardTypeList: readonly string[]; balance: number }[],
  cardType: string,
): number {
  const fen = storeCard
    .filter((card) => cardCoversType(card.cardTypeList, cardType))
    .reduce((sum, card) => sum + yuanToFen(card.balance), 0);
  return fenToYuan(fen);
}
