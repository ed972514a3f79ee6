/**
 * How full a show is, as show lists say it: `soldOut` (售罄) when no seat is left,
 * `few` (紧张) when at most 15 % of the hall's seats, and never more than 30, are left (at least
 * 6 always count as few: one full order), else `normal` (nothing said).
 */
export const showHeats = ['normal', 'few', 'soldOut'] as const;
export type ShowHeat = (typeof showHeats)[number];

export function showHeatOf(seatsLeft: number, seatCount: number): ShowHeat {
  if (seatsLeft <= 0) return 'soldOut';
  const few = Math.min(30, Math.max(6, Math.ceil(seatCount * 0.15)));
  return seatsLeft <= few ? 'few' : 'normal';
}
