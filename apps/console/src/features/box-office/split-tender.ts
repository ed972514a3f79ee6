/**
 * A split tender at the till: a member's card pays a part of the sale, cash or WeChat Pay the rest
 * (the server takes both as one attempt). Amounts in fen.
 */

/** How the part the card leaves is paid. */
export type RestMethod = 'cash' | 'wechatMicropay' | 'wechatNative';

export interface CardSplit {
  /** What the card pays: more than 0, less than the total, at most its balance. */
  cardFen: number;
  rest: RestMethod;
}

/** The card's part offered first: all its balance when that does not cover the total, else half. */
export function defaultCardFen(totalFen: number, balanceFen: number): number {
  if (totalFen <= 1 || balanceFen <= 0) return 0;
  if (balanceFen < totalFen) return balanceFen;
  return Math.floor(totalFen / 2);
}

export type SplitProblem = 'zero' | 'whole' | 'overBalance';

/** Why a card part cannot be taken, or null when it can. */
export function splitProblem(
  totalFen: number,
  cardFen: number | null,
  balanceFen: number,
): SplitProblem | null {
  if (cardFen === null || cardFen <= 0) return 'zero';
  if (cardFen >= totalFen) return 'whole';
  if (cardFen > balanceFen) return 'overBalance';
  return null;
}

/** Whether a card can take part in a split (it has money and a pay password). */
export function canSplitWith(card: { balanceFen: number; hasPayPassword: boolean }): boolean {
  return card.hasPayPassword && card.balanceFen > 0;
}
