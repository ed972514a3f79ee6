import type { FastifyInstance } from 'fastify';
import {
  cardSecurityLogCall,
  firstPayPasswordProofCall,
  payKeyCall,
  resetPayPasswordCall,
  setPayPasswordCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { listSecurityEvents } from '../phone/index.js';
import {
  describeFirstPasswordProof,
  publishPayKey,
  resetPayPassword,
  setPayPassword,
} from './pay-password.service.js';

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
  bindCall(
    app,
    deps,
    resetPayPasswordCall,
    async ({ user, body }) => resetPayPassword(deps, user, body),
    { rateLimitPerMinute: 20 },
  );
  bindCall(app, deps, firstPayPasswordProofCall, async ({ user }) =>
    describeFirstPasswordProof(deps, user),
  );
  bindCall(app, deps, cardSecurityLogCall, async ({ user }) => ({
    list: await listSecurityEvents(deps.db, user.id),
  }));
}
