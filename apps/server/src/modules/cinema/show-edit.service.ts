import { REFUND_FREE_SHIFT_MINUTES, type showEditCall } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { localDateOf } from '../../lib/local-date.js';
import { enqueueShowChangeNotices } from '../notices/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as scheduleRepository from './schedule.repository.js';
import {
  findShowOrThrow,
  overlapDetails,
  readScheduleShow,
  type CinemaGuard,
  type Deps,
} from './schedule.service.js';

type Body = z.output<(typeof showEditCall)['body']>;
type Answer = z.input<(typeof showEditCall)['answer']>;
type LockedShow = NonNullable<Awaited<ReturnType<typeof scheduleRepository.lockShow>>>;

/**
 * POST /api/console/shows/edit: a scheduled show changes after it may have sold.
 *   1. the show (not cancelled, not started) and the new start (in the future)
 *   2. one transaction: lock the hall, then the show (a hold reads the show FOR SHARE, so a hold
 *      or payment racing the change either commits first, and its buyer is told, or waits);
 *      refuse an overlap (the show itself excepted); move it (a shift of more than 15 minutes
 *      waives the refund cutoff); resume sales; `show.edit`; the buyers' messages
 */
export async function editShow(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Body,
  guard: CinemaGuard,
): Promise<Answer> {
  const show = await findShowOrThrow(deps.db, site.id, body.showId);
  await guard(show.cinema_id);
  const now = deps.clock.now();
  refuseClosedShow(show, now);
  const startAt = body.startAt ? new Date(body.startAt) : undefined;
  if (startAt && startAt.getTime() <= now.getTime()) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '开始时间已经过去，请选择以后的时间',
      hintEn: 'The start time has passed. Pick a later time.',
    });
  }

  const outcome = await deps.db.transaction().execute(async (trx) => {
    const hall = await scheduleRepository.lockHall(trx, site.id, show.hall_id);
    const locked = (await scheduleRepository.lockShow(trx, site.id, show.id))!;
    refuseClosedShow(locked, now);
    let notifiedOrders = 0;
    let isRefundCutoffWaived = false;
    if (startAt && startAt.getTime() !== locked.start_at.getTime()) {
      const moved = await moveStart(trx, site, locked, startAt, hall?.name ?? '', now);
      notifiedOrders += await enqueueShowChangeNotices(trx, {
        showId: show.id,
        change: 'time',
        eventKey: `time:${startAt.toISOString()}:${now.toISOString()}`,
        previousStartAt: locked.start_at,
        at: now,
        ...(body.reason ? { reason: body.reason } : {}),
      });
      isRefundCutoffWaived = moved.isWaived;
    }
    if (body.isOnSale && !locked.is_on_sale) {
      await scheduleRepository.resumeSales(trx, show.id);
    }
    await recordAudit(trx, site, staff, now, {
      action: 'show.edit',
      entity: 'show',
      entityId: show.id,
      before: { startAt: locked.start_at.toISOString(), isOnSale: locked.is_on_sale },
      after: {
        startAt: (startAt ?? locked.start_at).toISOString(),
        isOnSale: locked.is_on_sale || !!body.isOnSale,
        isRefundCutoffWaived,
        notifiedOrders,
        ...(body.reason ? { reason: body.reason } : {}),
      },
    });
    return { notifiedOrders, isRefundCutoffWaived };
  });
  return { show: await readScheduleShow(deps.db, site.id, show.id), ...outcome };
}

/** Refused on a cancelled show or one that has started (its buyers are in the hall). */
function refuseClosedShow(show: { cancelled_at: Date | null; start_at: Date }, now: Date) {
  if (show.cancelled_at !== null) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '该场次已取消，不能修改',
      hintEn: 'This show was cancelled and cannot be changed.',
    });
  }
  if (show.start_at.getTime() <= now.getTime()) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '该场次已经开始，不能修改',
      hintEn: 'This show has started and cannot be changed.',
    });
  }
}

/** The new start under the hall's lock: the overlap rule, then the move (same length). */
async function moveStart(
  trx: Executor,
  site: SiteRow,
  show: LockedShow,
  startAt: Date,
  hallName: string,
  now: Date,
): Promise<{ isWaived: boolean }> {
  const endAt = new Date(startAt.getTime() + (show.end_at.getTime() - show.start_at.getTime()));
  const cleaningMinutes = siteSettings(site).cleaningMinutes;
  const overlap = await scheduleRepository.findOverlappingShow(trx, {
    hallId: show.hall_id,
    startAt,
    endAt,
    cleaningMinutes,
    exceptShowId: show.id,
  });
  if (overlap) {
    throw new AppError('SHOW_OVERLAP', overlapDetails(overlap, hallName, cleaningMinutes));
  }
  const shiftMinutes = Math.abs(startAt.getTime() - show.start_at.getTime()) / 60_000;
  const isWaived = shiftMinutes > REFUND_FREE_SHIFT_MINUTES;
  await scheduleRepository.moveShow(trx, show.id, {
    startAt,
    endAt,
    showDate: localDateOf(startAt),
    waivedAt: isWaived ? now : null,
  });
  return { isWaived };
}
