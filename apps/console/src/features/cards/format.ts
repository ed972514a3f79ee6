import { getLang } from '@/lib/i18n/i18n';

/** Yuan of fen for people: ¥1,234.50. */
export function yuan(fen: number): string {
  const locale = getLang() === 'en' ? 'en-US' : 'zh-CN';
  return `¥${(fen / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
