import {
  fullErrorMessage,
  SHOW_COPY_MAX_DAYS,
  type showCopyCall,
} from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { addDays, localDateOf } from '../../lib/local-date.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as scheduleRepository from './schedule.repository.js';
import {
  DAY_MS,
  findCinemaOrThrow,
  overlapDetails,
  pricesForLayout,
  scheduleShowsOf,
  type CinemaGuard,
  type Deps,
  type Lang,
} from './schedule.service.js';

type CopyBody = z.output<(typeof showCopyCall)['body']>;
type CopyAnswer = z.input<(typeof showCopyCall)['answer']>;

/** Thrown out of a preview's transaction with its answer, so nothing it wrote is kept. */
class PreviewDone extends Error {
  constructor(readonly answer: CopyAnswer) {
    super('preview');
  }
}

/**
 * POST /api/console/shows/copy: the shows of a day (or 7 days) of a cinema repeated on a target
 * date and, up to `untilDate`, on every day (every 7 days) after it: same halls, films, times and
 * prices. Shows that would overlap one already there (copies made earlier in the same run
 * included), start in the past or fall after `untilDate` are skipped and listed with the reason.
 * One transaction under every hall's lock; a preview runs the same steps and rolls them back.
 *   1. the target dates: after the source, never overlapping it, at most SHOW_COPY_MAX_DAYS
 *   2. the source shows, their prices and the halls' current price areas
 *   3. each target date, each source show: skip or create
 *   4. the audit row (not for a preview); the answer read inside the transaction
 */
export async function copyShows(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CopyBody,
  guard: CinemaGuard,
  lang: Lang,
): Promise<CopyAnswer> {
  const now = deps.clock.now();
  const cinema = await findCinemaOrThrow(deps.db, site.id, body.cinemaId);
  await guard(cinema.id);
  const targets = copyTargets(body);
  const lastDate = body.untilDate ?? addDays(body.toDate, body.days - 1);
  const cleaningMinutes = siteSettings(site).cleaningMinutes;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await scheduleRepository.lockHallsOfCinema(trx, cinema.id);
      const sources = (
        await scheduleRepository.listScheduleShows(
          trx,
          { siteId: site.id, cinemaId: cinema.id },
          { from: body.fromDate, to: addDays(body.fromDate, body.days - 1) },
        )
      ).filter((show) => show.cancelled_at === null);
      const prices = await scheduleRepository.listPricesOfShows(
        trx,
        sources.map((show) => show.id),
      );
      const currentAreas = await scheduleRepository.listHallPriceAreas(trx, [
        ...new Set(sources.map((show) => show.hall_id)),
      ]);
      const copied: string[] = [];
      const skipped: CopyAnswer['skipped'] = [];
      for (const target of targets) {
        const shiftMs = (Date.parse(target) - Date.parse(body.fromDate)) / DAY_MS;
        for (const source of sources) {
          const startAt = new Date(source.start_at.getTime() + shiftMs * DAY_MS);
          const endAt = new Date(source.end_at.getTime() + shiftMs * DAY_MS);
          if (localDateOf(startAt) > lastDate) continue;
          const skip = (reason: string) =>
            skipped.push({
              fromShowId: source.id,
              filmTitle: source.film_title,
              hallName: source.hall_name,
              startAt: startAt.toISOString(),
              reason,
            });
          if (startAt.getTime() <= now.getTime()) {
            skip(lang === 'en' ? 'It would start in the past.' : '开始时间已经过去');
            continue;
          }
          const overlap = await scheduleRepository.findOverlappingShow(trx, {
            hallId: source.hall_id,
            startAt,
            endAt,
            cleaningMinutes,
          });
          if (overlap) {
            const details = overlapDetails(overlap, source.hall_name, cleaningMinutes);
            skip(fullErrorMessage('SHOW_OVERLAP', details, lang));
            continue;
          }
          // A copy uses the hall's current layout: its prices follow the source's by area code.
          const copiedPrices = pricesForLayout(
            prices.filter((price) => price.show_id === source.id),
            currentAreas.filter((area) => area.hall_id === source.hall_id),
          );
          if (!copiedPrices) {
            skip(
              lang === 'en'
                ? 'The hall has a new seat layout with other price areas: add this show by hand.'
                : '影厅的座位图已更新，票价区不同，请手动排这一场',
            );
            continue;
          }
          const { id } = await scheduleRepository.insertShow(trx, {
            site_id: site.id,
            cinema_id: cinema.id,
            hall_id: source.hall_id,
            layout_id: copiedPrices.layoutId,
            film_id: source.film_id,
            start_at: startAt,
            end_at: endAt,
            show_date: localDateOf(startAt),
            language: source.language,
            format: source.format,
          });
          await scheduleRepository.insertShowPrices(
            trx,
            copiedPrices.prices.map((price) => ({ ...price, show_id: id })),
          );
          copied.push(id);
        }
      }
      if (!body.isPreview) {
        await recordAudit(trx, site, staff, now, {
          action: 'show.copy',
          entity: 'cinema',
          entityId: cinema.id,
          after: { ...body, copiedShowIds: copied, skipped: skipped.length },
        });
      }
      const answer = {
        isPreview: body.isPreview,
        copied: await readShows(trx, site.id, copied),
        skipped,
      };
      if (body.isPreview) throw new PreviewDone(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.answer;
    throw error;
  }
}

async function readShows(trx: Executor, siteId: string, showIds: string[]) {
  if (showIds.length === 0) return [];
  return scheduleShowsOf(trx, await scheduleRepository.listScheduleShows(trx, { siteId, showIds }));
}

/**
 * The dates a copy starts on: `toDate`, then every `days` days up to `untilDate`. The copied
 * block may not cover the source (a week copied one day on would copy onto itself).
 */
export function copyTargets(body: Pick<CopyBody, 'fromDate' | 'toDate' | 'untilDate' | 'days'>) {
  const shiftDays = Math.round((Date.parse(body.toDate) - Date.parse(body.fromDate)) / DAY_MS);
  if (Math.abs(shiftDays) < body.days) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.toDate'],
      hint:
        body.days === 1
          ? '目标日期不能与来源日期相同'
          : `复制一周时，目标日期要和来源日期相隔至少 ${body.days} 天`,
      hintEn:
        body.days === 1
          ? 'Copy to another date than the one copied from.'
          : `Copying a week, the target must be at least ${body.days} days from the source.`,
    });
  }
  const until = body.untilDate ?? body.toDate;
  const span = Math.round((Date.parse(until) - Date.parse(body.toDate)) / DAY_MS) + 1;
  if (span < 1 || span > SHOW_COPY_MAX_DAYS) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.untilDate'],
      hint: `复制到的最后日期要在目标日期当天或之后，最多 ${SHOW_COPY_MAX_DAYS} 天`,
      hintEn: `The last date must be on or after the target date, at most ${SHOW_COPY_MAX_DAYS} days on.`,
    });
  }
  const targets: string[] = [];
  for (let date = body.toDate; date <= until; date = addDays(date, body.days)) {
    // A repeat that would land on the source itself is left out (a range around the source).
    const from = Date.parse(date) - Date.parse(body.fromDate);
    if (Math.abs(from / DAY_MS) >= body.days) targets.push(date);
  }
  return targets;
}
