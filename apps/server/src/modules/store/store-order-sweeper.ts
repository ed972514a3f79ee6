import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import { sweepExpiredStoreOrders } from './store-order.service.js';

/**
 * Every `intervalMs` (30 s, the seat-hold sweep's interval), expire unpaid store orders past their
 * deadline and give their units back. Readers and new orders do not wait for it (expired
 * reservations count as free), it keeps `stock` and statuses true.
 */
export function startStoreOrderSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  const sweep = async () => {
    const count = await sweepExpiredStoreOrders(deps);
    if (count > 0) log.info({ count }, 'expired unpaid store orders released');
  };
  return startPeriodic('store order sweep', sweep, intervalMs, log);
}
