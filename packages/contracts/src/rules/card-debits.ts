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

/** The parts of a film order with snacks (decision 029): what is left to pay of each. */
export interface OrderParts {
  /** Tickets, after the coupon's share. */
  filmFen: number;
  /** Goods, after the coupon's share. */
  goodsFen: number;
}

export interface PlannedPartDebit extends PlannedDebit {
  /** How much of `amountFen` pays the tickets; the rest pays the goods. */
  filmFen: number;
  goodsFen: number;
}

export type PartDebitPlan =
  | { ok: true; debits: PlannedPartDebit[] }
  | { ok: false; reason: 'CARD_NOT_USABLE'; cardIds: string[] }
  | { ok: false; reason: 'INSUFFICIENT_BALANCE'; availableFen: number };

/**
 * Split `amountFen` (the cards' part of the payment) over the chosen cards of an order with two
 * parts: a film card pays only the tickets, a goods card only the goods, a 'general' card (or one
 * listing both) either. Cards that pay one part only go first, each in the documented debit
 * order (own type, lower balance, older); cards that pay both fill what is left, tickets first.
 * A chosen card that can pay no part with something to pay is CARD_NOT_USABLE; when the cards can
 * cover less than `amountFen` within their parts, INSUFFICIENT_BALANCE names what they can.
 */
export function planPartCardDebits(
  cards: readonly DebitableCard[],
  parts: OrderParts,
  amountFen: number,
): PartDebitPlan {
  const paysFilm = (card: DebitableCard) =>
    parts.filmFen > 0 && isCardTypeUsable(card.cardTypeList, 'film');
  const paysGoods = (card: DebitableCard) =>
    parts.goodsFen > 0 && isCardTypeUsable(card.cardTypeList, 'goods');
  const unusable = cards.filter((card) => !paysFilm(card) && !paysGoods(card));
  if (cards.length === 0 || unusable.length > 0) {
    return { ok: false, reason: 'CARD_NOT_USABLE', cardIds: unusable.map((card) => card.id) };
  }
  const left = { film: parts.filmFen, goods: parts.goodsFen, total: amountFen };
  const debits: PlannedPartDebit[] = [];
  const take = (card: DebitableCard, film: boolean, goods: boolean) => {
    let balance = card.balanceFen;
    const filmFen = film ? Math.min(balance, left.film, left.total) : 0;
    balance -= filmFen;
    left.film -= filmFen;
    left.total -= filmFen;
    const goodsFen = goods ? Math.min(balance, left.goods, left.total) : 0;
    left.goods -= goodsFen;
    left.total -= goodsFen;
    if (filmFen + goodsFen > 0) {
      debits.push({ cardId: card.id, amountFen: filmFen + goodsFen, filmFen, goodsFen });
    }
  };
  const filmOnly = cards.filter((card) => paysFilm(card) && !paysGoods(card));
  const goodsOnly = cards.filter((card) => paysGoods(card) && !paysFilm(card));
  const both = cards.filter((card) => paysFilm(card) && paysGoods(card));
  for (const card of [...filmOnly].sort(compareDebitOrder('film'))) take(card, true, false);
  for (const card of [...goodsOnly].sort(compareDebitOrder('goods'))) take(card, false, true);
  // Of the cards that pay both, a specific one (film + goods) before a 'general' one.
  for (const card of [...both].sort(compareDebitOrder('film'))) take(card, true, true);
  if (left.total > 0) {
    return { ok: false, reason: 'INSUFFICIENT_BALANCE', availableFen: amountFen - left.total };
  }
  return { ok: true, debits };
}
