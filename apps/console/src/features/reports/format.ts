export { yuan } from '@/lib/money';

/** Yuan as a number for chart axes. */
export const yuanValue = (fen: number) => Math.round(fen) / 100;

/** Local (China) date and time of an ISO instant: 2026-11-24 19:30. */
export function localTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}
