import { cinemaMonthDayTimeOf } from '@marquee/contracts';
import {
  type ScheduleShow,
  type scheduleWeekCall,
  type showCreateCall,
} from '@marquee/contracts/console';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { addDays, localDateOf } from '../../lib/local-date.js';
import { isUuid } from '../../lib/uuid.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as cinemaRepository from './cinema.repository.js';
import * as scheduleRepository from './schedule.repository.js';

export type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** The route's cinema check (requireStaff with the cinema): managers only for their cinemas. */
export type CinemaGuard = (cinemaId: string) => Promise<unknown>;
export type Lang = 'zh' | 'en';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/console/schedule/week: 7 local days from `from`, every hall with its shows. */
export async function getScheduleWeek(
  deps: Deps,
  site: SiteRow,
  query: z.output<(typeof scheduleWeekCall)['query']>,
  guard: CinemaGuard,
): Promise<z.input<(typeof scheduleWeekCall)['answer']>> {
  const cinema = await findCinemaOrThrow(deps.db, site.id, query.cinemaId);
  await guard(cinema.id);
  const days = Array.from({ length: 7 }, (_, i) => addDays(query.from, i));
  const [halls, rows] = await Promise.all([
    scheduleRepository.listHalls(deps.db, cinema.id),
    scheduleRepository.listScheduleShows(
      deps.db,
      { siteId: site.id, cinemaId: cinema.id },
      { from: days[0]!, to: days[6]! },
    ),
  ]);
  const [areas, shows] = await Promise.all([
    scheduleRepository.listHallPriceAreas(
      deps.db,
      halls.map((hall) => hall.id),
    ),
    scheduleShowsOf(deps.db, rows),
  ]);
  return {
    cinemaId: cinema.id,
    from: query.from,
    days,
    cleaningMinutes: siteSettings(site).cleaningMinutes,
    halls: halls.map((hall) => ({
      id: hall.id,
      name: hall.name,
      nameEn: hall.name_en,
      priceAreas: areas
        .filter((area) => area.hall_id === hall.id)
        .map((area) => ({ id: area.id, name: area.name, nameEn: area.name_en, color: area.color })),
      shows: shows.filter((show) => show.hallId === hall.id),
    })),
  };
}

/**
 * POST /api/console/shows/create: a show of a film in a hall, ending after the film's duration.
 *   1. the hall, the film and the prices (one per price area of the hall, member ≤ standard)
 *   2. one transaction: lock the hall row, refuse an overlap with another show of the hall
 *      (cleaning minutes on both sides), insert the show and its prices, `show.create`
 */
export async function createShow(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: z.output<(typeof showCreateCall)['body']>,
  guard: CinemaGuard,
): Promise<ScheduleShow> {
  const now = deps.clock.now();
  const hall = isUuid(body.hallId)
    ? await scheduleRepository.findHall(deps.db, site.id, body.hallId)
    : undefined;
  if (!hall) throw notFound('Hall', '影厅');
  await guard(hall.cinema_id);
  const film = isUuid(body.filmId)
    ? await cinemaRepository.findFilm(deps.db, site.id, body.filmId)
    : undefined;
  if (!film) throw notFound('Film', '影片');
  const startAt = new Date(body.startAt);
  if (startAt.getTime() <= now.getTime()) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '开始时间已经过去，请选择以后的时间',
      hintEn: 'The start time has passed. Pick a later time.',
    });
  }
  const endAt = new Date(startAt.getTime() + film.duration_minutes * 60_000);
  const cleaningMinutes = siteSettings(site).cleaningMinutes;

  const showId = await deps.db.transaction().execute(async (trx) => {
    // Under the hall's lock the current layout cannot change (saving one takes the same lock).
    const locked = await scheduleRepository.lockHall(trx, site.id, hall.id);
    if (!locked) throw notFound('Hall', '影厅');
    const areas = await scheduleRepository.listHallPriceAreas(trx, [hall.id]);
    refuseWrongPrices(
      areas.map((area) => area.id),
      body.prices,
    );
    const overlap = await scheduleRepository.findOverlappingShow(trx, {
      hallId: hall.id,
      startAt,
      endAt,
      cleaningMinutes,
    });
    if (overlap) {
      throw new AppError('SHOW_OVERLAP', overlapDetails(overlap, hall.name, cleaningMinutes));
    }
    const { id } = await scheduleRepository.insertShow(trx, {
      site_id: site.id,
      cinema_id: hall.cinema_id,
      hall_id: hall.id,
      layout_id: locked.layout_id,
      film_id: film.id,
      start_at: startAt,
      end_at: endAt,
      show_date: localDateOf(startAt),
      language: body.language,
      format: body.format,
    });
    await scheduleRepository.insertShowPrices(
      trx,
      body.prices.map((price) => ({
        show_id: id,
        area_id: price.areaId,
        price_fen: price.priceFen,
        discount_price_fen: price.discountPriceFen,
      })),
    );
    await recordAudit(trx, site, staff, now, {
      action: 'show.create',
      entity: 'show',
      entityId: id,
      after: { ...body, endAt: endAt.toISOString(), filmTitle: film.title, hallName: hall.name },
    });
    return id;
  });
  return readScheduleShow(deps.db, site.id, showId);
}

/** POST /api/console/shows/offSale: no new holds; orders already made stand. Idempotent. */
export async function takeOffSale(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  showId: string,
  guard: CinemaGuard,
): Promise<ScheduleShow> {
  const show = await findShowOrThrow(deps.db, site.id, showId);
  await guard(show.cinema_id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const locked = await scheduleRepository.lockShow(trx, site.id, show.id);
    if (!locked || !locked.is_on_sale) return;
    await scheduleRepository.stopSales(trx, show.id);
    await recordAudit(trx, site, staff, now, {
      action: 'show.offSale',
      entity: 'show',
      entityId: show.id,
      before: { isOnSale: true },
      after: { isOnSale: false },
    });
  });
  return readScheduleShow(deps.db, site.id, show.id);
}

export async function findShowOrThrow(db: Executor, siteId: string, showId: string) {
  const show = isUuid(showId)
    ? (await scheduleRepository.listScheduleShows(db, { siteId, showIds: [showId] }))[0]
    : undefined;
  if (!show) throw notFound('Show', '场次');
  return show;
}

export async function readScheduleShow(
  db: Executor,
  siteId: string,
  showId: string,
): Promise<ScheduleShow> {
  const [show] = await scheduleShowsOf(db, [await findShowOrThrow(db, siteId, showId)]);
  return show!;
}

type ShowRow = Awaited<ReturnType<typeof scheduleRepository.listScheduleShows>>[number];

export async function scheduleShowsOf(db: Executor, rows: ShowRow[]): Promise<ScheduleShow[]> {
  const ids = rows.map((row) => row.id);
  const [prices, ticketed] = await Promise.all([
    scheduleRepository.listPricesOfShows(db, ids),
    scheduleRepository.countTicketed(db, ids),
  ]);
  return rows.map((row) => {
    const sold = ticketed.find((count) => count.show_id === row.id);
    return {
      showId: row.id,
      filmId: row.film_id,
      filmTitle: row.film_title,
      hallId: row.hall_id,
      hallName: row.hall_name,
      startAt: row.start_at.toISOString(),
      endAt: row.end_at.toISOString(),
      showDate: row.show_date,
      language: row.language,
      format: row.format,
      isOnSale: row.is_on_sale,
      cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
      cancelReason: row.cancel_reason,
      prices: prices
        .filter((price) => price.show_id === row.id)
        .map((price) => ({
          areaId: price.area_id,
          priceFen: price.price_fen,
          discountPriceFen: price.discount_price_fen,
        })),
      ticketedSeats: Number(sold?.seats ?? 0),
      ticketedOrders: Number(sold?.orders ?? 0),
    };
  });
}

export async function findCinemaOrThrow(db: Executor, siteId: string, cinemaId: string) {
  const cinema = isUuid(cinemaId) ? await cinemaRepository.findCinema(db, siteId, cinemaId) : null;
  if (!cinema) throw notFound('Cinema', '影院');
  return cinema;
}

/**
 * The source show's prices moved to the hall's current layout by area code; undefined when an
 * area of the current layout has no price of the same code.
 */
export function pricesForLayout(
  sourcePrices: { area_code: string; price_fen: number; discount_price_fen: number }[],
  currentAreas: { id: string; code: string; layout_id: string }[],
) {
  if (currentAreas.length === 0) return undefined;
  const prices = currentAreas.map((area) => {
    const source = sourcePrices.find((price) => price.area_code === area.code);
    return source
      ? {
          area_id: area.id,
          price_fen: source.price_fen,
          discount_price_fen: source.discount_price_fen,
        }
      : undefined;
  });
  if (prices.some((price) => price === undefined)) return undefined;
  return {
    layoutId: currentAreas[0]!.layout_id,
    prices: prices as NonNullable<(typeof prices)[number]>[],
  };
}

/** One price per price area of the hall, each member price at most the standard one. */
function refuseWrongPrices(
  areaIds: string[],
  prices: { areaId: string; priceFen: number; discountPriceFen: number }[],
) {
  const given = prices.map((price) => price.areaId);
  const isExact =
    new Set(given).size === given.length &&
    given.length === areaIds.length &&
    areaIds.every((id) => given.includes(id));
  if (!isExact) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.prices'],
      hint: '请为该影厅的每个票价区各填写一个价格',
      hintEn: 'Give one price for each price area of the hall.',
    });
  }
  if (prices.some((price) => price.discountPriceFen > price.priceFen)) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.prices'],
      hint: '会员价不能高于标准价',
      hintEn: 'A member price cannot be higher than the standard price.',
    });
  }
}

/** "11-30 19:30" in the cinemas' local time (UTC+8). */
export function localTimeText(at: Date): string {
  return cinemaMonthDayTimeOf(at);
}

export function overlapDetails(
  overlap: { id: string; start_at: Date; end_at: Date; film_title: string },
  hallName: string,
  cleaningMinutes: number,
) {
  return {
    showId: overlap.id,
    filmTitle: overlap.film_title,
    hallName,
    startAt: overlap.start_at.toISOString(),
    startText: localTimeText(overlap.start_at),
    endText: localTimeText(overlap.end_at).slice(6),
    cleaningMinutes,
  };
}
