/**
 * Run a transaction again when PostgreSQL aborted it as a deadlock victim (40P01) or a
 * serialization failure (40001): two writers that lock the same rows in different orders; or when
 * the order number it drew was taken already (23505 on `orders_order_no_key`: 8 random digits a
 * day clash now and then once a chain sells tens of thousands of orders a day). The run must draw
 * its order number inside, so a new attempt draws a new one.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '40P01' || code === '40001') return true;
  return code === '23505' && constraint === 'orders_order_no_key';
}
