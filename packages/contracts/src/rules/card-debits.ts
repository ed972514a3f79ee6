import { isCardTypeUsable } from './cards.js';

export interface DebitableCard {
  id: string;
  cardTypeList: readonly string[];
  balanceFen: number;
  /** ISO time or Date: older cards are drawn first among equals. */
  createdAt: string | Date;
}

export interface PlannedDebit {
  cardId: string;
  amountFen: number;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * The order in which chosen cards pay (docs/api.md "Debit order"): cards of the order's own type
 * before 'general' cards (keep the card that pays for anything for last), then the lower balance
 * first (empty small cards first), then the older card first, then by id so it is total.
 */
export function compareDebitOrder(cardType: string) {
  return (a: DebitableCard, b: DebitableCard): number => {
    const aGeneral = a.cardTypeList.includes(cardType) ? 0 : 1;
    const bGeneral = b.cardTypeList.includes(cardType) ? 0 : 1;
    return (
      aGeneral - bGeneral ||
      a.balanceFen - b.balanceFen ||
      time(a.createdAt) - time(b.createdAt) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
  };
}

export type DebitPlan =
  | { ok: true; debits: PlannedDebit[] }
  | { ok: false; reason: 'CARD_NOT_USABLE'; cardIds: string[] }
  | { ok: false; reason: 'INSUFFICIENT_BALANCE'; availableFen: number };

/**
 * Split `amountFen` over the chosen cards in the debit order: each card gives what it has until
 * the amount is covered; cards not needed give nothing. Every chosen card must cover the type
 * (its own type or 'general', spec §5–§6), and together they must hold enough.
 */
export function planCardDebits(
  cards: readonly DebitableCard[],
  cardType: string,
  amountFen: number,
): DebitPlan {
  const unusable = cards.filter((card) => !isCardTypeUsable(card.cardTypeList, cardType));
  if (cards.length === 0 || unusable.length > 0) {
    return { ok: false, reason: 'CARD_NOT_USABLE', cardIds: unusable.map((card) => card.id) };
  }
  const availableFen = cards.reduce((sum, card) => sum + card.balanceFen, 0);
  if (availableFen < amountFen) return { ok: false, reason: 'INSUFFICIENT_BALANCE', availableFen };
  const debits: PlannedDebit[] = [];
  let remaining = amountFen;
  for (const card of [...cards].sort(compareDebitOrder(cardType))) {
    if (remaining === 0) break;
    const take = Math.min(card.balanceFen, remaining);
    if (take > 0) debits.push({ cardId: card.id, amountFen: take });
    remaining -= take;
  }
  return { ok: true, debits };
}
