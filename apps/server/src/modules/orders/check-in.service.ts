import { checkedInBy, maskPhone, parseScannedCode } from '@marquee/contracts';
import {
  coversCinema,
  fullErrorCatalogue,
  type CheckInProblem,
  type CheckInView,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { businessDateOf, localClockOf, localDateTimeOf } from '../../lib/local-date.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { lockOrder, transitionOrder } from './order-lifecycle.js';
import { stepsOf, type KindDetail, type OrderRow } from './order-kinds.js';
import * as ordersRepository from './orders.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Lang = 'zh' | 'en';

/**
 * Check-in at the door or the counter. `lookupForCheckIn` shows what a scanned or typed code is
 * and whether it can be used now; `checkIn` marks it used (ticketed|ready → used) in one
 * transaction under the order's row lock: several scanners on one code give exactly one winner,
 * the others are told who used it and when. Refusals: CHECKIN_CODE_INVALID, CHECKIN_NOT_FOUND,
 * CHECKIN_REFUSED (`problem`: another chain, another cinema, another day, a show already over,
 * refunded, unpaid, already used); outside the site's admit window (from `admitBeforeMinutes`
 * before the start to `admitAfterMinutes` after it) CHECKIN_TOO_EARLY or CHECKIN_TOO_LATE, with
 * the time the door opens or closed for that show.
 */
export async function lookupForCheckIn(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  text: string,
  lang: Lang,
): Promise<CheckInView> {
  const { order, isGoods } = await findScanned(deps.db, site, text);
  const part = await stepsOf(order.kind).detail(deps.db, order);
  if (isGoods) return goodsViewOf(order, part, goodsProblemOf(staff, order), lang);
  const window = admitWindowOf(site);
  return viewOf(order, part, problemOf(staff, order, part, deps.clock.now(), window), lang, window);
}

export async function checkIn(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  text: string,
  lang: Lang,
): Promise<CheckInView> {
  const { order: found, isGoods } = await findScanned(deps.db, site, text);
  const now = deps.clock.now();
  if (isGoods) return handOverGoods(deps, site, staff, found.id, lang);
  const window = admitWindowOf(site);
  const refusal = await deps.db.transaction().execute(async (trx) => {
    // Locked: a concurrent scan of the same code waits here, then finds it used.
    const order = (await lockOrder(trx, found.id))!;
    const part = await stepsOf(order.kind).detail(trx, order);
    const problem = problemOf(staff, order, part, now, window);
    if (problem) return { order, problem };
    await transitionOrder(trx, order, 'used', checkedInBy(staff.username), {
      used_at: now,
      used_by_staff_id: staff.id,
      used_by_name: staff.displayName,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'order.checkIn',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'used', usedAt: now.toISOString() },
    });
    return null;
  });
  if (refusal) {
    throw new AppError(
      refusalErrors[refusal.problem] ?? 'CHECKIN_REFUSED',
      problemDetails(
        refusal.order,
        await stepsOf(refusal.order.kind).detail(deps.db, refusal.order),
        refusal.problem,
        window,
      ),
    );
  }
  const used = (await ordersRepository.findById(deps.db, found.id))!;
  return viewOf(used, await stepsOf(used.kind).detail(deps.db, used), null, lang, window);
}

/** Refusals with an error code of their own: the admit window's two ends. */
const refusalErrors: Partial<Record<CheckInProblem, 'CHECKIN_TOO_EARLY' | 'CHECKIN_TOO_LATE'>> = {
  tooEarly: 'CHECKIN_TOO_EARLY',
  tooLate: 'CHECKIN_TOO_LATE',
};

/** Minutes before and after a show's start in which the door admits its tickets. */
interface AdmitWindow {
  beforeMs: number;
  afterMs: number;
}

function admitWindowOf(site: SiteRow): AdmitWindow {
  const settings = siteSettings(site);
  return {
    beforeMs: settings.admitBeforeMinutes * 60_000,
    afterMs: settings.admitAfterMinutes * 60_000,
  };
}

/**
 * The order a code belongs to; `isGoods` when it is the pickup code of a film order's snacks
 * (decision 029), which the counter hands over without touching the ticket.
 */
async function findScanned(
  db: Executor,
  site: SiteRow,
  text: string,
): Promise<{ order: OrderRow; isGoods: boolean }> {
  const scanned = parseScannedCode(text);
  if (!scanned) throw new AppError('CHECKIN_CODE_INVALID', {});
  if (scanned.siteCode !== null && scanned.siteCode !== site.code) {
    throw new AppError('CHECKIN_REFUSED', { problem: 'otherSite' });
  }
  const order = await ordersRepository.findByCode(db, site.id, scanned.code);
  const isGoods = order !== undefined && order.goods_code === scanned.code;
  // A QR also names the order number: both must match, so a forged QR finds nothing.
  if (
    !order ||
    (isGoods ? scanned.kind !== 'store' : order.kind !== scanned.kind) ||
    (scanned.orderNo !== null && scanned.orderNo !== order.order_no)
  ) {
    throw new AppError('CHECKIN_NOT_FOUND', {});
  }
  return { order, isGoods };
}

/**
 * The counter hands over a film order's snacks: under the order's lock, once (a second scan is
 * told who did it and when); the ticket is not touched, before or after the show's door.
 */
async function handOverGoods(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  orderId: string,
  lang: Lang,
): Promise<CheckInView> {
  const now = deps.clock.now();
  const refusal = await deps.db.transaction().execute(async (trx) => {
    const order = (await lockOrder(trx, orderId))!;
    const problem = goodsProblemOf(staff, order);
    if (problem) return { order, problem };
    await ordersRepository.markGoodsPickedUp(trx, order.id, { at: now, name: staff.displayName });
    await recordAudit(trx, site, staff, now, {
      action: 'order.goodsPickUp',
      entity: 'order',
      entityId: order.id,
      before: { goodsPickedUpAt: null },
      after: { goodsPickedUpAt: now.toISOString() },
    });
    return null;
  });
  const order = (await ordersRepository.findById(deps.db, orderId))!;
  const part = await stepsOf(order.kind).detail(deps.db, order);
  if (refusal) {
    throw new AppError('CHECKIN_REFUSED', {
      ...problemDetails(order, part, refusal.problem, null),
      usedAt: order.goods_picked_up_at?.toISOString() ?? null,
      usedAtText: order.goods_picked_up_at ? localClockOf(order.goods_picked_up_at) : '',
      usedBy: order.goods_picked_up_by_name,
    });
  }
  return goodsViewOf(order, part, null, lang);
}

/** Why a film order's snacks cannot be handed over by this staff member now; null if they can. */
function goodsProblemOf(staff: SignedInStaff, order: OrderRow): CheckInProblem | null {
  if (order.goods_picked_up_at) return 'alreadyUsed';
  if (order.goods_refunded_at || order.status === 'refunded') return 'refunded';
  if (order.status !== 'ticketed' && order.status !== 'used') return 'unpaid';
  if (order.cinema_id && !coversCinema(staff, order.cinema_id)) return 'otherCinema';
  return null;
}

/** A film order's snacks as the counter sees them: like a store order (the ticket is the door's). */
function goodsViewOf(
  order: OrderRow,
  part: KindDetail,
  problem: CheckInProblem | null,
  lang: Lang,
): CheckInView {
  const view = viewOf(order, part, problem, lang, null);
  return {
    ...view,
    kind: 'store',
    film: null,
    store: goodsOf(part),
    status: order.goods_picked_up_at ? 'used' : order.status === 'refunded' ? 'refunded' : 'ready',
    code: order.goods_code ?? '',
    usedAt: order.goods_picked_up_at?.toISOString() ?? null,
    usedBy: order.goods_picked_up_by_name,
    problemText: problem
      ? fullErrorCatalogue.CHECKIN_REFUSED[lang]({
          ...problemDetails(order, part, problem, null),
          usedAtText: order.goods_picked_up_at ? localClockOf(order.goods_picked_up_at) : '',
          usedBy: order.goods_picked_up_by_name,
        })
      : null,
  };
}

/** Why this order cannot be checked in by this staff member now; null when it can. */
function problemOf(
  staff: SignedInStaff,
  order: OrderRow,
  part: KindDetail,
  now: Date,
  window: AdmitWindow,
): CheckInProblem | null {
  if (order.status === 'used') return 'alreadyUsed';
  if (order.status === 'refunded') return 'refunded';
  if (order.status !== stepsOf(order.kind).fulfilledStatus) return 'unpaid';
  if (order.cinema_id && !coversCinema(staff, order.cinema_id)) return 'otherCinema';
  if (part.film) {
    const show = part.film.showInfo;
    // The business day (06:00–06:00): the 00:30 show's ticket is good at the door at 23:50.
    if (businessDateOf(new Date(show.startAt)) !== businessDateOf(now)) return 'otherDay';
    if (new Date(show.endAt).getTime() <= now.getTime()) return 'showEnded';
    const startMs = new Date(show.startAt).getTime();
    if (now.getTime() > startMs + window.afterMs) return 'tooLate';
    if (now.getTime() < startMs - window.beforeMs) return 'tooEarly';
  }
  return null;
}

/**
 * What a refusal names: the cinema, the show's times, when the door opens and closes for it, who
 * used it and when (local time).
 */
function problemDetails(
  order: OrderRow,
  part: KindDetail,
  problem: CheckInProblem,
  window: AdmitWindow | null,
) {
  const show = part.film?.showInfo;
  const startMs = show ? new Date(show.startAt).getTime() : null;
  return {
    problem,
    orderId: order.id,
    cinemaName: (part.film?.cinemaInfo ?? part.store?.cinemaInfo)?.name ?? null,
    startAtText: show ? localDateTimeOf(new Date(show.startAt)).slice(5) : '',
    endAtText: show ? localClockOf(new Date(show.endAt)) : '',
    ...(startMs !== null && window
      ? {
          admitFrom: new Date(startMs - window.beforeMs).toISOString(),
          admitFromText: localClockOf(new Date(startMs - window.beforeMs)),
          admitUntil: new Date(startMs + window.afterMs).toISOString(),
          admitUntilText: localClockOf(new Date(startMs + window.afterMs)),
        }
      : {}),
    usedAt: order.used_at?.toISOString() ?? null,
    usedAtText: order.used_at ? localClockOf(order.used_at) : '',
    usedBy: order.used_by_name,
  };
}

function viewOf(
  order: OrderRow,
  part: KindDetail,
  problem: CheckInProblem | null,
  lang: Lang,
  window: AdmitWindow | null,
): CheckInView {
  const show = part.film?.showInfo;
  const cinema = part.film?.cinemaInfo ?? part.store?.cinemaInfo ?? null;
  const refusal = problem ? problemDetails(order, part, problem, window) : null;
  return {
    orderId: order.id,
    orderNo: order.order_no,
    kind: order.kind,
    status: order.status,
    code: order.pickup_code ?? '',
    phoneMasked: order.phone ? maskPhone(order.phone) : null,
    cinemaId: order.cinema_id,
    cinemaName: cinema?.name ?? null,
    film:
      part.film && show
        ? {
            filmTitle: show.filmTitle,
            hallName: show.hallName,
            startAt: show.startAt,
            endAt: show.endAt,
            language: show.language,
            format: show.format,
            seats: part.film.seats.map((seat) => seat.label),
          }
        : null,
    // A film order's snacks are handed over at the counter by their own code, not at the door.
    store: order.kind === 'store' ? goodsOf(part) : null,
    usedAt: order.used_at?.toISOString() ?? null,
    usedBy: order.used_by_name,
    problem,
    problemText: refusal ? fullErrorCatalogue.CHECKIN_REFUSED[lang](refusal) : null,
  };
}

function goodsOf(part: KindDetail): CheckInView['store'] {
  if (!part.store) return null;
  return {
    items: part.store.items.map((item) => ({
      goodsName: item.goodsName,
      goodsInfoName: item.goodsInfoName,
      quantity: item.quantity,
    })),
  };
}
