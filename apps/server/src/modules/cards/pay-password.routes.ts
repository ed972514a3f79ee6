import type { FastifyInstance } from 'fastify';
import { payKeyCall, setPayPasswordCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { publishPayKey, setPayPassword } from './pay-password.service.js';

export function registerPayPasswordRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, payKeyCall, async () => publishPayKey(deps));
  bindCall(
    app,
    deps,
    setPayPasswordCall,
    async ({ user, body }) => setPayPassword(deps, user, body),
    {
      rateLimitPerMinute: 20,
    },
  );
}
