import type { FastifyInstance } from 'fastify';
import { healthCall, healthLiveCall, healthReadyCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import type { Readiness } from '../../lib/readiness.js';
import { ping } from './system.repository.js';

/** How long readiness waits for the database before calling it unreachable. */
const READY_PING_MS = 2000;

function pingWithin(deps: Pick<AppDeps, 'db'>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([
    ping(deps.db).then(
      () => true,
      () => false,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/**
 * Health answers without a site: load balancers and operators call it. `/api/health/live` says the
 * process answers (restart it when it does not); `/api/health/ready` says it should get traffic:
 * started, not draining, and its database answering.
 */
export function registerSystemRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  readiness: Readiness,
): void {
  app.get(`/api${healthCall.path}`, async () => {
    await ping(deps.db);
    return {
      code: 0,
      msg: 'ok',
      data: healthCall.answer.parse({
        status: 'ok',
        database: deps.dbKind,
        time: deps.clock.now().toISOString(),
      }),
    };
  });

  app.get(`/api${healthLiveCall.path}`, async () => ({
    code: 0,
    msg: 'ok',
    data: healthLiveCall.answer.parse({ status: 'live' }),
  }));

  app.get(`/api${healthReadyCall.path}`, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.state !== 'ready') {
      throw new AppError('SERVICE_UNAVAILABLE', { reason: readiness.state });
    }
    if (!(await pingWithin(deps, READY_PING_MS))) {
      throw new AppError('SERVICE_UNAVAILABLE', { reason: 'database' });
    }
    return { code: 0, msg: 'ok', data: healthReadyCall.answer.parse({ status: 'ready' }) };
  });
}
