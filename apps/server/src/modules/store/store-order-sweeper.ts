import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { sweepExpiredStoreOrders } from './store-order.service.js';

/**
 * Every `intervalMs` (30 s, the seat-hold sweep's interval), expire unpaid store orders past their
 * deadline and give their units back. Readers and new orders do not wait for it (expired
 * reservations count as free), it keeps `stock` and statuses true. One sweep at a time.
 */
export function startStoreOrderSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepExpiredStoreOrders(deps)
      .then((count) => {
        if (count > 0) log.info({ count }, 'expired unpaid store orders released');
      })
      .catch((error: unknown) => log.error({ err: error }, 'store order sweep failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
