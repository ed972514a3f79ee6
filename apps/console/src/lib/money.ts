import { formatYuan } from '@marquee/contracts';

/**
 * The console's one home for money in front of staff: integer fen everywhere, yuan only on the
 * screen and in what staff type.
 */

/** Yuan of fen for people: ¥1,234.50 (the contracts' `formatYuan`, with the sign and thousands). */
export function yuan(fen: number): string {
  const [whole = '0', cents = '00'] = formatYuan(fen).split('.');
  return `¥${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

/** Yuan typed in a form to fen (rounded: 0.1 + 0.2 must not become 30.000000000000004). */
export const toFen = (yuanAmount: number) => Math.round(yuanAmount * 100);
