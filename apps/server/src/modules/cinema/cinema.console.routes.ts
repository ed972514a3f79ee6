import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleCinemaCreateCall,
  consoleCinemaListCall,
  consoleCinemaUpdateCall,
  consoleHallCreateCall,
  consoleHallLayoutCall,
  consoleHallLayoutSaveCall,
  consoleHallListCall,
  consoleHallRenameCall,
  consoleFilmCreateCall,
  consoleFilmListCall,
  consoleFilmPosterCall,
  consoleFilmUpdateCall,
  rolesOfArea,
  scheduleWeekCall,
  showCancelCall,
  showCopyCall,
  showCreateCall,
  showEditCall,
  showNoticeResendCall,
  showNoticesCall,
  showOffSaleCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import * as cinemasService from './cinema-console.service.js';
import * as hallsService from './hall-console.service.js';
import * as filmsService from './film-console.service.js';
import * as scheduleService from './schedule.service.js';
import { listShowNotices, resendShowNotice } from '../notices/index.js';
import { cancelShow, type SettleCancelledShowOrder } from './show-cancel.service.js';
import { editShow } from './show-edit.service.js';
import { copyShows } from './show-copy.service.js';

/** A base64 poster of 2 MB and its JSON wrapping. */
const POSTER_BODY_LIMIT = 3 * 1024 * 1024;

/** Managers act only on their cinemas: requireStaff again once the call's cinema is known. */
const scheduleGuard = (request: FastifyRequest) => (cinemaId: string) =>
  requireStaff(request, { roles: rolesOfArea('schedule'), cinemaId });

/** Managers keep only their cinemas and halls; owners all of the site's. */
const cinemasGuard = (request: FastifyRequest) => (cinemaId: string) =>
  requireStaff(request, { roles: rolesOfArea('cinemas'), cinemaId });

/**
 * Staff calls of the cinema module (`/api/console/...`): cinemas, halls and their layouts, films,
 * posters and the schedule.
 */
export function registerCinemaConsoleRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  steps: { settleCancelledShowOrder: SettleCancelledShowOrder },
): void {
  registerCinemasAndHalls(app, deps);
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
      copyShows(deps, site, staff, body, scheduleGuard(request), lang),
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
  registerShowChanges(app, deps);
}

/** Editing a scheduled show, and the messages its buyers got (decision 056). */
function registerShowChanges(app: FastifyInstance, deps: AppDeps): void {
  bindConsoleCall(
    app,
    deps,
    showEditCall,
    { access: 'schedule' },
    ({ site, staff, body, request }) => editShow(deps, site, staff, body, scheduleGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    showNoticesCall,
    { access: 'schedule' },
    async ({ site, query, request }) => {
      const show = await scheduleService.findShowOrThrow(deps.db, site.id, query.showId);
      await scheduleGuard(request)(show.cinema_id);
      return listShowNotices(deps.db, show.id);
    },
  );
  bindConsoleCall(
    app,
    deps,
    showNoticeResendCall,
    { access: 'schedule' },
    async ({ site, body, request }) => {
      const show = await scheduleService.findShowOrThrow(deps.db, site.id, body.showId);
      await scheduleGuard(request)(show.cinema_id);
      return resendShowNotice(deps.db, show.id, body.noticeId, deps.clock.now());
    },
  );
}

function registerCinemasAndHalls(app: FastifyInstance, deps: AppDeps): void {
  bindConsoleCall(app, deps, consoleCinemaListCall, { access: 'cinemas' }, ({ site, staff }) =>
    cinemasService.listCinemas(deps, site, staff),
  );
  bindConsoleCall(
    app,
    deps,
    consoleCinemaCreateCall,
    { access: 'cinemas' },
    async ({ site, body, request }) => {
      // Only owners open cinemas: a manager's cinemas are given to them by an owner.
      const staff = await requireStaff(request, { roles: ['owner'] });
      return cinemasService.createCinema(deps, site, staff, body);
    },
  );
  bindConsoleCall(
    app,
    deps,
    consoleCinemaUpdateCall,
    { access: 'cinemas' },
    ({ site, staff, body, request }) =>
      cinemasService.updateCinema(deps, site, staff, body, cinemasGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    consoleHallListCall,
    { access: 'cinemas' },
    ({ site, query, request }) =>
      hallsService.listHalls(deps, site, query.cinemaId, cinemasGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    consoleHallLayoutCall,
    { access: 'cinemas' },
    ({ site, query, request }) =>
      hallsService.readHallLayout(deps, site, query.hallId, cinemasGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    consoleHallCreateCall,
    { access: 'cinemas' },
    ({ site, staff, body, request }) =>
      hallsService.createHall(deps, site, staff, body, cinemasGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    consoleHallRenameCall,
    { access: 'cinemas' },
    ({ site, staff, body, request }) =>
      hallsService.renameHall(deps, site, staff, body, cinemasGuard(request)),
  );
  bindConsoleCall(
    app,
    deps,
    consoleHallLayoutSaveCall,
    { access: 'cinemas' },
    ({ site, staff, body, request }) =>
      hallsService.saveHallLayout(deps, site, staff, body, cinemasGuard(request)),
  );
}
