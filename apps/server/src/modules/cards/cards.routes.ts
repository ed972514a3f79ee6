import type { FastifyInstance } from 'fastify';
import { chargingCall, getCardListCall, getUserCareListCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { getCardRecords, getUserCards } from './cards.service.js';
import { rechargeWithVoucher } from './vouchers.service.js';

export function registerCardsRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, getUserCareListCall, async ({ user }) => getUserCards(deps, user));
  bindCall(app, deps, getCardListCall, async ({ user, query }) =>
    getCardRecords(deps, user, query),
  );
  // Guessing voucher passwords is throttled in the service too; this caps the request rate.
  bindCall(
    app,
    deps,
    chargingCall,
    async ({ user, body }) => rechargeWithVoucher(deps, user, body),
    {
      rateLimitPerMinute: 30,
    },
  );
}
