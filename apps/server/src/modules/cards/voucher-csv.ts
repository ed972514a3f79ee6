/**
 * The one-time file of a voucher batch, made for Excel and WPS Spreadsheets as staff open it by
 * double-click: UTF-8 with a byte order mark (else Chinese headers come out garbled), CRLF lines,
 * and the card number and password written as ="…" text formulas, which both programs show as
 * the text itself: a bare 14-digit number would turn into 8.8E+13 and "01234567" lose its zero.
 */
type Lang = 'zh' | 'en';

const header: Record<Lang, string[]> = {
  zh: ['卡号', '密码', '面值(元)', '有效期至'],
  en: ['Card number', 'Password', 'Value (yuan)', 'Valid until'],
};

/** A digits-only value kept as text in Excel and WPS. */
export const textCell = (digits: string) => `="${digits.replace(/"/g, '""')}"`;

export function voucherCsv(
  cards: readonly (readonly [cardNo: string, password: string])[],
  valueYuan: string,
  lastDay: string,
  lang: Lang,
): string {
  const lines = [
    header[lang].join(','),
    ...cards.map(([cardNo, password]) =>
      [textCell(cardNo), textCell(password), valueYuan, lastDay].join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
