import { formatYuan } from '@marquee/contracts';

/**
 * The cash side of a counter sale, in fen: what the customer handed over, the change, the amounts
 * a customer commonly hands over (the buttons beside the amount), and the till's number pad.
 */

/** China's paper notes a customer pays with at a counter, largest first (100, 50, 20, 10 yuan). */
export const CASH_NOTES_FEN = [10_000, 5_000, 2_000, 1_000] as const;

/** The most a till takes in one payment (100 000 yuan): a slip of extra zeros is refused. */
export const MAX_TENDER_FEN = 10_000_000;

export type CashOutcome =
  { kind: 'nothing' } | { kind: 'short'; shortFen: number } | { kind: 'change'; changeFen: number };

/** Change to give back, or how much is still missing, for a total and the cash handed over. */
export function cashOutcome(totalFen: number, tenderedFen: number | null): CashOutcome {
  if (tenderedFen === null || tenderedFen <= 0) return { kind: 'nothing' };
  if (tenderedFen < totalFen) return { kind: 'short', shortFen: totalFen - tenderedFen };
  return { kind: 'change', changeFen: tenderedFen - totalFen };
}

/**
 * The amounts a customer is likely to hand over for a total: the exact sum, then the total rounded
 * up to each note (73.50 → 80, 100; 120 → 150, 200), at most `count`, smallest first.
 */
export function quickTenders(totalFen: number, count = 4): number[] {
  if (totalFen <= 0) return [];
  const amounts = new Set<number>([totalFen]);
  for (const note of [...CASH_NOTES_FEN].reverse()) {
    amounts.add(Math.ceil(totalFen / note) * note);
  }
  return [...amounts].sort((a, b) => a - b).slice(0, count);
}

/** Yuan as typed on the till ("100", "73.5", "73.50") to fen; null when it is not an amount. */
export function parseYuanText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}(\.\d{0,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return fen > MAX_TENDER_FEN ? null : fen;
}

/** Fen as the pad shows it while typing: 8000 → "80", 7350 → "73.5", 7305 → "73.05". */
export function fenToYuanText(fen: number): string {
  return formatYuan(fen)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

export type PadKey =
  '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | '.' | 'back' | 'clear';

/**
 * The text of the amount after a key of the on-screen pad: digits, "00", one decimal point with at
 * most two places, backspace and clear. A key that would make it no amount is ignored.
 */
export function pressPadKey(text: string, key: PadKey): string {
  if (key === 'clear') return '';
  if (key === 'back') return text.slice(0, -1);
  if (key === '.') {
    if (text.includes('.')) return text;
    return text === '' ? '0.' : `${text}.`;
  }
  const next = text === '0' ? key.replace(/^0+/, '') || '0' : text + key;
  if (next.includes('.')) {
    if ((next.split('.')[1] ?? '').length > 2) return text;
  } else if (next.length > 1 && next.startsWith('0')) {
    return next.replace(/^0+/, '') || '0';
  }
  const candidate = next.endsWith('.') ? next.slice(0, -1) : next;
  return parseYuanText(candidate) === null ? text : next;
}
