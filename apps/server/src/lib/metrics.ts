import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A pool's connections at one moment (node-postgres: total, idle, waiting clients). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The process's Prometheus metrics (served at /metrics, plugins/metrics.ts). One registry per
 * process, as Prometheus scrapes processes: apps built side by side in one process (tests) add to
 * the same counters. Modules count their own events through the named counters below.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const pools = new Set<() => PoolStats>();

  return {
    registry,
    httpRequests: new Counter({
      name: 'marquee_http_requests_total',
      help: 'HTTP requests answered, by method, route (the pattern, not the path) and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'marquee_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method and route.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    sweepRuns: new Counter({
      name: 'marquee_sweep_runs_total',
      help: 'Runs of the periodic sweeps (holds, store orders, payments, ...), by outcome.',
      labelNames: ['sweep', 'outcome'] as const,
      registers: [registry],
    }),
    /** Seat holds: `won` (the seats are the caller's) or `lost` (someone was faster). */
    seatHolds: new Counter({
      name: 'marquee_seat_holds_total',
      help: 'Seat hold attempts, by outcome (won, lost).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    /** Payments: method `card`, `wechat` or `combined`; outcome `paid`, `failed`, `pending`, ... */
    payments: new Counter({
      name: 'marquee_payments_total',
      help: 'Payments, by method and outcome.',
      labelNames: ['method', 'outcome'] as const,
      registers: [registry],
    }),
    pool: new Gauge({
      name: 'marquee_db_pool_connections',
      help: 'Database pool connections, by state (total, idle, waiting clients).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const sum = { total: 0, idle: 0, waiting: 0 };
        for (const stats of pools) {
          const now = stats();
          sum.total += now.total;
          sum.idle += now.idle;
          sum.waiting += now.waiting;
        }
        for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
      },
    }),
    /** Report a pool's figures until the returned function is called. */
    watchPool(stats: () => PoolStats): () => void {
      pools.add(stats);
      return () => pools.delete(stats);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

export const metrics: Metrics = createMetrics();
