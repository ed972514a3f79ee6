import {
  filmPosterPath,
  localName,
  localTerm,
  type CinemaInfo,
  type NameLang,
  type ShowInfo,
} from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { isUuid } from '../../lib/uuid.js';
import * as cinemaRepository from './cinema.repository.js';

/**
 * A show with everything holding its seats needs: film, cinema, hall, price areas and the seats
 * of the show's layout version. Undefined for an unknown id or another site's show.
 *
 * Kept in memory for SHOW_CACHE_MS: every seat map, availability read and hold of a busy show asks
 * for it, and what could change meanwhile (a price, a start time) is checked again where it
 * matters: a hold's prices and start time are read by `hold_film_seats` in SQL. Kept per database
 * handle (an app's `deps.db`; a transaction's handle keeps its own for its length), never
 * shared by two apps of one process.
 */
export async function findShowWithLayout(db: Executor, siteId: string, showId: string) {
  if (!isUuid(showId)) return undefined;
  const { showCache, hallSeatsCache } = cachesOf(db);
  const key = `${siteId}:${showId}`;
  const cached = showCache.get(key);
  if (cached && cached.until > performance.now()) return cached.layout;
  const show = await cinemaRepository.findShow(db, siteId, showId);
  if (!show) return undefined;
  const [areas, seats] = await Promise.all([
    cinemaRepository.listShowPriceAreas(db, show.id),
    layoutSeats(db, hallSeatsCache, show.layout_id),
  ]);
  const layout = { show, areas, seats };
  if (showCache.size >= SHOW_CACHE_LIMIT) showCache.clear();
  showCache.set(key, { layout, until: performance.now() + SHOW_CACHE_MS });
  return layout;
}

const SHOW_CACHE_MS = 10_000;
const SHOW_CACHE_LIMIT = 5_000;
interface LayoutCaches {
  showCache: Map<
    string,
    { layout: { show: ShowRow; areas: AreaRow[]; seats: HallSeat[] }; until: number }
  >;
  hallSeatsCache: Map<string, HallSeat[]>;
}
const cachesByDatabase = new WeakMap<Executor, LayoutCaches>();
function cachesOf(db: Executor): LayoutCaches {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = { showCache: new Map(), hallSeatsCache: new Map() };
    cachesByDatabase.set(db, caches);
  }
  return caches;
}
type ShowRow = NonNullable<Awaited<ReturnType<typeof cinemaRepository.findShow>>>;
type AreaRow = Awaited<ReturnType<typeof cinemaRepository.listShowPriceAreas>>[number];

/**
 * A layout version's seats never change (staff edits make a new version, decision 016), and every
 * seat map and hold needs all of them: 500+ rows for a big hall. Keep them in memory by layout id.
 */
type HallSeat = Awaited<ReturnType<typeof cinemaRepository.listLayoutSeats>>[number];
const HALL_CACHE_LIMIT = 500;

// Only loaded layouts are shared: awaiting another caller's query in flight could wait on PGlite's
// one connection held by our own transaction, forever.
async function layoutSeats(
  db: Executor,
  hallSeatsCache: LayoutCaches['hallSeatsCache'],
  layoutId: string,
): Promise<HallSeat[]> {
  const cached = hallSeatsCache.get(layoutId);
  if (cached) return cached;
  const seats = await cinemaRepository.listLayoutSeats(db, layoutId);
  if (hallSeatsCache.size >= HALL_CACHE_LIMIT) hallSeatsCache.clear();
  hallSeatsCache.set(layoutId, seats);
  return seats;
}
export type ShowWithLayout = NonNullable<Awaited<ReturnType<typeof findShowWithLayout>>>;

/** The show as order pages show it, in the page's language (decision 027). */
export function showInfoOf(show: ShowWithLayout['show'], lang: NameLang = 'zh'): ShowInfo {
  return {
    showId: show.id,
    filmId: show.film_id,
    filmTitle: show.film_title,
    posterUrl: filmPosterPath(show.film_id),
    cinemaId: show.cinema_id,
    hallId: show.hall_id,
    hallName: localName(show.hall_name, show.hall_name_en, lang),
    startAt: new Date(show.start_at).toISOString(),
    endAt: new Date(show.end_at).toISOString(),
    language: localTerm('language', show.language, lang),
    format: show.format,
  };
}

export function cinemaInfoOf(show: ShowWithLayout['show'], lang: NameLang = 'zh'): CinemaInfo {
  return {
    cinemaId: show.cinema_id,
    name: localName(show.cinema_name, show.cinema_name_en, lang),
    address: localName(show.cinema_address, show.cinema_address_en, lang),
    phone: show.cinema_phone,
  };
}

/** What order pages show of several shows (their film, hall and cinema), in one query. */
export async function findShowInfos(
  db: Executor,
  siteId: string,
  showIds: readonly string[],
  lang: NameLang = 'zh',
): Promise<Map<string, { showInfo: ShowInfo; cinemaInfo: CinemaInfo }>> {
  const rows = await cinemaRepository.listShowsByIds(db, siteId, [...new Set(showIds)]);
  return new Map(
    rows.map((row) => [
      row.id,
      { showInfo: showInfoOf(row, lang), cinemaInfo: cinemaInfoOf(row, lang) },
    ]),
  );
}
