import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  admitWindowCall,
  admitWindowSaveCall,
  checkInLookupCall,
  checkInUseCall,
  consoleOrderDetailCall,
  consoleOrderRefundCall,
  consoleOrderSearchCall,
  rolesOfArea,
  staffRefundRoles,
  type StaffRole,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import { getAdmitWindow, saveAdmitWindow } from './admit-window-setting.service.js';
import type { StaffRefund } from './order-kinds.js';
import { checkIn, lookupForCheckIn } from './check-in.service.js';
import {
  getConsoleOrder,
  refundAsStaff,
  searchOrders,
  type CinemaGuard,
} from './order-console.service.js';

/**
 * Staff calls on orders (`/api/console/...`): check-in and the door's admit window, order look-up
 * and staff refunds.
 */
export function registerOrderConsoleRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  /** This app's staff refund (the payment module's use case on this app's deps). */
  options: { staffRefund: StaffRefund },
): void {
  bindConsoleCall(
    app,
    deps,
    checkInLookupCall,
    { access: 'checkIn' },
    ({ site, staff, body, lang }) => lookupForCheckIn(deps, site, staff, body.code, lang),
  );
  bindConsoleCall(
    app,
    deps,
    checkInUseCall,
    { access: 'checkIn', rateLimitPerMinute: 240 },
    ({ site, staff, body, lang }) => checkIn(deps, site, staff, body.code, lang),
  );
  // The door's admit window, a site setting: owners and managers (the cinemas area).
  bindConsoleCall(app, deps, admitWindowCall, { access: 'cinemas' }, ({ site }) =>
    getAdmitWindow(deps, site),
  );
  bindConsoleCall(app, deps, admitWindowSaveCall, { access: 'cinemas' }, ({ site, staff, body }) =>
    saveAdmitWindow(deps, site, staff, body),
  );
  bindConsoleCall(
    app,
    deps,
    consoleOrderSearchCall,
    { access: 'orders' },
    ({ site, staff, query }) => searchOrders(deps, site, staff, query),
  );
  bindConsoleCall(
    app,
    deps,
    consoleOrderDetailCall,
    { access: 'orders' },
    ({ site, query, request }) =>
      getConsoleOrder(deps, site, query.orderId, cinemaGuard(request, rolesOfArea('orders'))),
  );
  bindConsoleCall(
    app,
    deps,
    consoleOrderRefundCall,
    { access: 'orders' },
    async ({ site, staff, body, request }) => {
      // Cashiers look orders up; giving money back is for managers and owners.
      await requireStaff(request, { roles: staffRefundRoles });
      return refundAsStaff(
        { ...deps, staffRefund: options.staffRefund },
        site,
        staff,
        body,
        cinemaGuard(request, staffRefundRoles),
        request.log,
      );
    },
  );
}

/** The order's cinema must be one the staff member covers; an order of no cinema is the owner's. */
function cinemaGuard(request: FastifyRequest, roles: readonly StaffRole[]): CinemaGuard {
  return (cinemaId) =>
    cinemaId === null
      ? requireStaff(request, { roles: ['owner'] })
      : requireStaff(request, { roles, cinemaId });
}
