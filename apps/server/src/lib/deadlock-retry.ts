/**
 * Run a transaction again when PostgreSQL aborted it as a deadlock victim (40P01) or a
 * serialization failure (40001): two writers that lock the same rows in different orders.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}
