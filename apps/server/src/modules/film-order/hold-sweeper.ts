import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import { sweepExpiredHolds } from './film-order.service.js';

export interface HoldSweeper {
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, expire unpaid film orders past their deadline and free their seats. Seats are
 * free for others at once anyway (reads and new holds treat an expired hold as free): the sweep
 * keeps order statuses true for lists and payments.
 */
export function startHoldSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): HoldSweeper {
  const sweep = async () => {
    const count = await sweepExpiredHolds(deps);
    if (count > 0) log.info({ count }, 'expired unpaid film orders released');
  };
  return startPeriodic('hold sweep', sweep, intervalMs, log);
}
