import type { FastifyInstance } from 'fastify';
import {
  auditListCall,
  staffCreateCall,
  staffDeactivateCall,
  staffListCall,
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffResetPasswordCall,
  staffUpdateCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import { listAudit } from './audit.service.js';
import { staffLogin, staffLogout, staffMe } from './staff-auth.service.js';
import {
  createStaff,
  deactivateStaff,
  listStaff,
  resetStaffPassword,
  updateStaff,
} from './staff.service.js';

/** Staff sign-in, staff accounts and the audit log: HTTP only, one service call each. */
export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Passwords are guessable only by brute force: per address, as the moviegoers' sign-in; the
  // service counts wrong ones per account and address besides (decision 039).
  bindConsoleCall(
    app,
    deps,
    staffLoginCall,
    { rateLimitPerMinute: 30 },
    ({ site, body, request }) => staffLogin(deps, site, body, request.ip),
  );
  bindConsoleCall(app, deps, staffLogoutCall, { access: 'anyStaff' }, ({ site, staff }) =>
    staffLogout(deps, site, staff),
  );
  bindConsoleCall(app, deps, staffMeCall, { access: 'anyStaff' }, ({ site, staff }) =>
    staffMe(deps, site, staff),
  );

  bindConsoleCall(
    app,
    deps,
    staffListCall,
    { access: 'staff' },
    async ({ site, query, request }) => {
      const staff = await requireStaff(request, {
        roles: ['owner', 'manager'],
        cinemaId: query.cinemaId,
      });
      return listStaff(deps, site, staff, query);
    },
  );
  const ownerOnly = { roles: ['owner'] as const };
  bindConsoleCall(
    app,
    deps,
    staffCreateCall,
    { access: 'staff' },
    async ({ site, body, request }) =>
      createStaff(deps, site, await requireStaff(request, ownerOnly), body),
  );
  bindConsoleCall(
    app,
    deps,
    staffUpdateCall,
    { access: 'staff' },
    async ({ site, body, request }) =>
      updateStaff(deps, site, await requireStaff(request, ownerOnly), body),
  );
  bindConsoleCall(
    app,
    deps,
    staffResetPasswordCall,
    { access: 'staff' },
    async ({ site, body, request }) =>
      resetStaffPassword(deps, site, await requireStaff(request, ownerOnly), body),
  );
  bindConsoleCall(
    app,
    deps,
    staffDeactivateCall,
    { access: 'staff' },
    async ({ site, body, request }) =>
      deactivateStaff(deps, site, await requireStaff(request, ownerOnly), body),
  );
  bindConsoleCall(app, deps, auditListCall, { access: 'audit' }, ({ site, query }) =>
    listAudit(deps, site, query),
  );
}
