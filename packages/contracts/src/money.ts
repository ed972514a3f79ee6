/** Money is integer fen everywhere; yuan with 2 decimals only at the edge where the spec shows prices. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Round a yuan amount to 2 decimals without binary drift (0.1 + 0.2 → 0.3). */
export function roundYuan(yuan: number): number {
  return Math.round(yuan * 100 + Number.EPSILON * 100) / 100;
}

/**
 * The one money formatter: fen as yuan with two decimals (1800 → "18.00", -5 → "-0.05"), exact
 * for any integer (no floating point). A side may wrap it once to add "¥" or digit grouping.
 */
export function formatYuan(fen: number): string {
  const whole = Math.round(fen);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
