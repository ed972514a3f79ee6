import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.js';

export interface ShutdownOptions {
  app: FastifyInstance;
  readiness: Readiness;
  /** Closes the database pool once no request needs it. */
  closeDatabase: () => Promise<void>;
  /** How long readiness fails before the listener closes, so load balancers stop sending. */
  drainMs: number;
  /** After this long the process gives up waiting for requests in flight. */
  timeoutMs?: number;
}

/**
 * Graceful shutdown: readiness fails at once; after `drainMs` the server stops accepting and
 * waits for the requests in flight (Fastify's close; its onClose hooks stop the sweeps, each
 * letting a run in progress finish), then the database pool closes. Resolves true when all of it
 * finished within `timeoutMs`.
 */
export async function shutDown(options: ShutdownOptions): Promise<boolean> {
  const { app, readiness } = options;
  readiness.markDraining();
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.timeoutMs ?? 30_000);
    timer.unref();
  });
  const closed = (async () => {
    await app.close();
    await options.closeDatabase();
    return true as const;
  })();
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
