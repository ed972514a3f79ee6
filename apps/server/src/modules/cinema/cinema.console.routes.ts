import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleFilmCreateCall,
  consoleFilmListCall,
  consoleFilmPosterCall,
  consoleFilmUpdateCall,
  rolesOfArea,
  scheduleWeekCall,
  showCancelCall,
  showCopyCall,
  showCreateCall,
  showOffSaleCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import * as filmsService from './console-films.service.js';
import * as scheduleService from './schedule.service.js';
import { cancelShow, type SettleCancelledShowOrder } from './show-cancel.service.js';

/** A base64 poster of 2 MB and its JSON wrapping. */
const POSTER_BODY_LIMIT = 3 * 1024 * 1024;

/** Managers act only on their cinemas: requireStaff again once the call's cinema is known. */
const scheduleGuard = (request: FastifyRequest) => (cinemaId: string) =>
  requireStaff(request, { roles: rolesOfArea('schedule'), cinemaId });

/** Staff calls of the cinema module (`/api/console/...`): films, posters and the schedule. */
export function registerCinemaConsoleRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  steps: { settleCancelledShowOrder: SettleCancelledShowOrder },
): void {
  bindConsoleCall(app, deps, consoleFilmListCall, { access: 'films' }, ({ site }) =>
    filmsService.listConsoleFilms(deps, site),
  );
  bindConsoleCall(app, deps, consoleFilmCreateCall, { access: 'films' }, ({ site, staff, body }) =>
    filmsService.createFilm(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, consoleFilmUpdateCall, { access: 'films' }, ({ site, staff, body }) =>
    filmsService.updateFilm(deps, site, staff, body),
  );
  bindConsoleCall(
    app,
    deps,
    consoleFilmPosterCall,
    { access: 'films', bodyLimit: POSTER_BODY_LIMIT, rateLimitPerMinute: 30 },
    ({ site, staff, body }) => filmsService.uploadPoster(deps, site, staff, body),
  );

  bindConsoleCall(app, deps, scheduleWeekCall, { access: 'schedule' }, ({ site, query, request }) =>
    scheduleService.getScheduleWeek(deps, site, query, scheduleGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    showCreateCall,
    { access: 'schedule' },
    ({ site, staff, body, request }) =>
      scheduleService.createShow(deps, site, staff, body, scheduleGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    showCopyCall,
    { access: 'schedule' },
    ({ site, staff, body, request, lang }) =>
      scheduleService.copyShows(deps, site, staff, body, scheduleGuard(request), lang),
  );
  bindConsoleCall(
    app,
    deps,
    showOffSaleCall,
    { access: 'schedule' },
    ({ site, staff, body, request }) =>
      scheduleService.takeOffSale(deps, site, staff, body.showId, scheduleGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    showCancelCall,
    { access: 'schedule' },
    ({ site, staff, body, request }) =>
      cancelShow(deps, site, staff, body, scheduleGuard(request), steps.settleCancelledShowOrder),
  );
}
