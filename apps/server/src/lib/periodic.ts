import { metrics } from './metrics.js';

/** The logger a periodic task reports its failures to (Fastify's logger fits). */
export interface PeriodicLog {
  error(object: object, message: string): void;
}

/**
 * Run `task` every `intervalMs` in the background, one run at a time (a tick while a run is still
 * going is skipped). A failure is logged as `${name} failed` and the next tick tries again. The
 * timer does not keep the process alive; stop() ends it and waits for a run in progress. Each run
 * counts in the `marquee_sweep_runs_total` metric under its name.
 */
export function startPeriodic(
  name: string,
  task: () => Promise<unknown>,
  intervalMs: number,
  log: PeriodicLog,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => metrics.sweepRuns.inc({ sweep: name, outcome: 'ok' }))
      .catch((error: unknown) => {
        metrics.sweepRuns.inc({ sweep: name, outcome: 'failed' });
        log.error({ err: error }, `${name} failed`);
      })
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
