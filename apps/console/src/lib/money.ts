import { getLang } from './i18n/i18n';

/**
 * The console's one home for money in front of staff: integer fen everywhere, yuan only on the
 * screen and in what staff type.
 */

/** Yuan of fen for people: ¥1,234.50. */
export function yuan(fen: number): string {
  const locale = getLang() === 'en' ? 'en-US' : 'zh-CN';
  return `¥${(fen / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Yuan typed in a form to fen (rounded: 0.1 + 0.2 must not become 30.000000000000004). */
export const toFen = (yuanAmount: number) => Math.round(yuanAmount * 100);
