import { orderEventReasons } from '@marquee/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { startPeriodic } from '../../lib/periodic.js';
import { releaseOrders, transitionOrder } from './order-lifecycle.js';
import * as ordersRepository from './orders.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Expire unpaid orders of every kind past their deadline and give back what they held (a film
 * order's seats, a store order's units), a batch per transaction. Nothing waits for this: seat
 * maps and new orders already count an expired hold or reservation as free; the sweep makes it
 * true in order statuses and in stock. Returns how many orders expired.
 */
export async function sweepExpiredOrders(deps: Deps, batchSize = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.clock.now();
    const swept = await withDeadlockRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const orders = await ordersRepository.lockExpiredPending(trx, now, batchSize);
        for (const order of orders) {
          await transitionOrder(trx, order, 'expired', orderEventReasons.deadlinePassedSweep);
        }
        await releaseOrders(trx, orders);
        return orders.length;
      }),
    );
    total += swept;
    if (swept < batchSize) return total;
  }
}

/** Run the sweep every `intervalMs` until stopped (on app close). */
export function startOrderSweeper(
  deps: Deps,
  intervalMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  const sweep = async () => {
    const count = await sweepExpiredOrders(deps);
    if (count > 0) log.info({ count }, 'expired unpaid orders released');
  };
  return startPeriodic('order sweep', sweep, intervalMs, log);
}
