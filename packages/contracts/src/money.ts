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

export function formatYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}
