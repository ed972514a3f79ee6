import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { sweepExpiredHolds } from './film-order.service.js';

export interface HoldSweeper {
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, expire unpaid film orders past their deadline and free their seats. Seats are
 * free for others at once anyway (reads and new holds treat an expired hold as free): the sweep
 * keeps order statuses true for lists and payments. One sweep at a time; stop() waits for it.
 */
export function startHoldSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): HoldSweeper {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sweepExpiredHolds(deps)
      .then((count) => {
        if (count > 0) log.info({ count }, 'expired unpaid film orders released');
      })
      .catch((error: unknown) => log.error({ err: error }, 'hold sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
