import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  reseatCall,
  rolesOfArea,
  seatBlockCall,
  seatUnblockCall,
  showSeatBoardCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import { reseatOrders } from './reseat.service.js';
import { blockSeats, getSeatBoard, unblockSeats } from './seat-blocks.service.js';

/** Managers act only on their cinemas: requireStaff again once the show's cinema is known. */
const scheduleGuard = (request: FastifyRequest) => (cinemaId: string) =>
  requireStaff(request, { roles: rolesOfArea('schedule'), cinemaId });

/** Staff calls of the film-order module (`/api/console/shows/seats...`): broken seats of a show. */
export function registerFilmOrderConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindConsoleCall(
    app,
    deps,
    showSeatBoardCall,
    { access: 'schedule' },
    ({ site, query, request }) => getSeatBoard(deps, site, query.showId, scheduleGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    seatBlockCall,
    { access: 'schedule' },
    ({ site, staff, body, request }) => blockSeats(deps, site, staff, body, scheduleGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    seatUnblockCall,
    { access: 'schedule' },
    ({ site, staff, body, request }) =>
      unblockSeats(deps, site, staff, body, scheduleGuard(request)),
  );
  bindConsoleCall(app, deps, reseatCall, { access: 'schedule' }, ({ site, staff, body, request }) =>
    reseatOrders(deps, site, staff, body, scheduleGuard(request)),
  );
}
