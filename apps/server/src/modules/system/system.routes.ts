import type { FastifyInstance } from 'fastify';
import { healthCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { ping } from './system.repository.js';

/** Health answers without a site: load balancers and operators call it. */
export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
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
}
