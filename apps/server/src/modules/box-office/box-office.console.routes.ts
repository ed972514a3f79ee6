import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  counterCancelCall,
  counterFindCardsCall,
  counterGoodsCall,
  counterSnacksSaleCall,
  counterGoodsListCall,
  counterHoldCall,
  counterPayCall,
  counterPayStatusCall,
  counterPrintCall,
  counterRefundCall,
  counterSaleCall,
  counterShowsCall,
  currentShiftCall,
  dayCloseCall,
  dayCloseRoles,
  dayCloseViewCall,
  rolesOfArea,
  shiftCloseCall,
  shiftListCall,
  shiftOpenCall,
  shiftReportCall,
  type StaffRole,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, requireStaff } from '../../plugins/console-calls.js';
import type { SeatHolds } from '../seat-holds/index.js';
import { payMicropayAtCounter } from './counter-micropay.service.js';
import { payAtCounter } from './counter-pay.service.js';
import { counterPayStatus, payNativeAtCounter } from './counter-wechat.service.js';
import { publicOriginOf } from '../site/index.js';
import { refundAtCounter } from './counter-refund.service.js';
import {
  cancelCounterSale,
  findMemberCards,
  getCounterSale,
  holdAtCounter,
  listCounterGoods,
  listTodaysShows,
  sellSnacksAtCounter,
  setCounterGoods,
} from './counter-sale.service.js';
import { closeDay, viewDay } from './day-close.service.js';
import { printSale } from './print.service.js';
import {
  closeShift,
  currentShift,
  listShifts,
  openShift,
  shiftReport,
  type CinemaGuard,
} from './shifts.service.js';

/** The box office's staff calls (`/api/console/box-office/...`): selling, shifts, the day's close. */
export function registerBoxOfficeConsoleRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: { seatHolds: SeatHolds },
): void {
  const access = { access: 'boxOffice' as const };
  const sellers = rolesOfArea('boxOffice');
  const guardOf =
    (request: FastifyRequest, roles: readonly StaffRole[] = sellers): CinemaGuard =>
    (cinemaId) =>
      requireStaff(request, { roles, cinemaId });

  bindConsoleCall(app, deps, counterShowsCall, access, ({ site, staff, query, request, lang }) =>
    listTodaysShows(deps, site, staff, query, guardOf(request), lang),
  );
  bindConsoleCall(
    app,
    deps,
    counterHoldCall,
    { ...access, rateLimitPerMinute: 240 },
    ({ site, staff, body, request, lang }) =>
      holdAtCounter(
        { ...deps, seatHolds: options.seatHolds },
        site,
        staff,
        body,
        guardOf(request),
        lang,
      ),
  );
  bindConsoleCall(app, deps, counterGoodsCall, access, ({ site, staff, body, request, lang }) =>
    setCounterGoods(deps, site, staff, body, guardOf(request), lang),
  );
  bindConsoleCall(
    app,
    deps,
    counterSnacksSaleCall,
    access,
    ({ site, staff, body, request, lang }) =>
      sellSnacksAtCounter(deps, site, staff, body, guardOf(request), lang),
  );
  bindConsoleCall(app, deps, counterSaleCall, access, ({ site, query, request, lang }) =>
    getCounterSale(deps, site, query.orderId, guardOf(request), lang),
  );
  bindConsoleCall(app, deps, counterCancelCall, access, ({ site, staff, body, request, lang }) =>
    cancelCounterSale(
      deps,
      site,
      staff,
      body.orderId,
      { log: request.log },
      guardOf(request),
      lang,
    ),
  );
  bindConsoleCall(app, deps, counterGoodsListCall, access, ({ site, staff, query, request }) =>
    listCounterGoods(deps, site, staff, query, guardOf(request)),
  );
  bindConsoleCall(
    app,
    deps,
    counterFindCardsCall,
    { ...access, rateLimitPerMinute: 60 },
    ({ site, body }) => findMemberCards(deps, site, body.q),
  );
  bindConsoleCall(app, deps, counterPayCall, access, ({ site, staff, body, request, lang }) => {
    const context = {
      idempotencyKey: idempotencyKeyOf(request),
      log: request.log,
      lang,
      origin: publicOriginOf(deps, site),
    };
    if (body.method === 'wechatNative') {
      return payNativeAtCounter(deps, site, staff, body, context, guardOf(request));
    }
    if (body.method === 'wechatMicropay') {
      return payMicropayAtCounter(deps, site, staff, body, context, guardOf(request));
    }
    return payAtCounter(deps, site, staff, body, context, guardOf(request));
  });
  bindConsoleCall(app, deps, counterPayStatusCall, access, ({ site, query, request, lang }) =>
    counterPayStatus(deps, site, query.orderId, { log: request.log, lang }, guardOf(request)),
  );
  bindConsoleCall(app, deps, counterPrintCall, access, ({ site, staff, body, request, lang }) =>
    printSale(deps, site, staff, body.orderId, guardOf(request), lang),
  );
  bindConsoleCall(app, deps, counterRefundCall, access, ({ site, staff, body, request }) =>
    refundAtCounter(deps, site, staff, body, guardOf(request), request.log),
  );

  bindConsoleCall(app, deps, shiftOpenCall, access, ({ site, staff, body, request }) =>
    openShift(deps, site, staff, body, guardOf(request)),
  );
  bindConsoleCall(app, deps, currentShiftCall, access, async ({ staff }) => ({
    shift: await currentShift(deps, staff),
  }));
  bindConsoleCall(app, deps, shiftCloseCall, access, ({ site, staff, body, request }) =>
    closeShift(deps, site, staff, body, guardOf(request)),
  );
  bindConsoleCall(app, deps, shiftReportCall, access, ({ site, staff, query, request }) =>
    shiftReport(deps, site, staff, query.shiftId, guardOf(request)),
  );
  bindConsoleCall(app, deps, shiftListCall, access, ({ staff, query, request }) =>
    listShifts(deps, staff, query, guardOf(request)),
  );

  bindConsoleCall(app, deps, dayCloseViewCall, access, async ({ site, staff, query, request }) => {
    await requireStaff(request, { roles: dayCloseRoles });
    return viewDay(deps, site, staff, query, guardOf(request, dayCloseRoles));
  });
  bindConsoleCall(app, deps, dayCloseCall, access, async ({ site, staff, body, request }) => {
    await requireStaff(request, { roles: dayCloseRoles });
    return closeDay(deps, site, staff, body, guardOf(request, dayCloseRoles));
  });
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}
