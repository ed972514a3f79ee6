import type { FastifyInstance } from 'fastify';
import { consoleAbnormalRefundsCall, staffRefundRoles } from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import { listRefundsNeedingStaff } from './refund-console.service.js';

/** Staff calls on money (`/api/console/...`): the refunds WeChat did not pay back. */
export function registerPaymentConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindConsoleCall(
    app,
    deps,
    consoleAbnormalRefundsCall,
    { access: 'orders' },
    async ({ site, staff, query, request }) => {
      // The people who give money back are the ones to sort out money that did not go back.
      await requireStaff(request, { roles: staffRefundRoles });
      return listRefundsNeedingStaff(deps, site, staff, query);
    },
  );
}
