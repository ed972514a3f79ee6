import {
  showHeatOf,
  fenToYuan,
  filmPosterPath,
  localName,
  localTerm,
  termsMatching,
  type NameLang,
  type CallAnswer,
  type CallQuery,
  type CinemaInfo,
  type CinemaSummary,
  type FilmStatus,
  type FilmSummary,
  type ShowSummary,
  type cinemaDetailCall,
  type cinemaListCall,
  type cinemaShowsCall,
  type filmDetailCall,
  type filmListCall,
  type filmShowsCall,
} from '@marquee/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { CinemasTable, Executor, FilmsTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { addDays, localDateOf } from '../../lib/local-date.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import * as cinemaRepository from './cinema.repository.js';
import { haversineMeters } from './geo.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Near = { latitude: number; longitude: number } | null;
/** Shows are listed from today for a week. */
const DAYS_AHEAD = 7;

export async function listCinemas(
  deps: Deps,
  site: SiteRow,
  query: z.output<(typeof cinemaListCall)['query']>,
  lang: NameLang,
): Promise<CallAnswer<typeof cinemaListCall>> {
  const near = nearOf(query);
  const now = deps.clock.now();
  const [rows, minPrices] = await Promise.all([
    cinemaRepository.listCinemas(
      deps.db,
      site.id,
      query.keyword || undefined,
      now,
      query.keyword ? termsMatching('tag', query.keyword) : [],
    ),
    cinemaRepository.minPricesByCinema(deps.db, site.id, now),
  ]);
  const minFen = new Map(minPrices.map((row) => [row.cinema_id, Number(row.min_fen)]));
  const cinemas = sortCinemas(
    rows.map((row) => cinemaSummary(row, near, minFen.get(row.id), lang)),
    lang,
  );
  const start = (query.pageNum - 1) * query.pageSize;
  return {
    list: cinemas.slice(start, start + query.pageSize),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: cinemas.length,
    hasMore: start + query.pageSize < cinemas.length,
  };
}

export async function getCinemaDetail(
  deps: Deps,
  site: SiteRow,
  query: z.output<(typeof cinemaDetailCall)['query']>,
  lang: NameLang,
): Promise<CallAnswer<typeof cinemaDetailCall>> {
  const now = deps.clock.now();
  const cinema = await findCinemaOrThrow(deps.db, site.id, query.cinemaId);
  const today = localDateOf(now);
  const [halls, minPrices, showDates] = await Promise.all([
    cinemaRepository.listHallsWithSeatCount(deps.db, cinema.id),
    cinemaRepository.minPricesByCinema(deps.db, site.id, now),
    cinemaRepository.showDates(
      deps.db,
      { siteId: site.id, cinemaId: cinema.id },
      now,
      today,
      addDays(today, DAYS_AHEAD - 1),
    ),
  ]);
  const minFen = minPrices.find((row) => row.cinema_id === cinema.id)?.min_fen;
  return {
    cinema: cinemaSummary(
      cinema,
      nearOf(query),
      minFen === undefined ? undefined : Number(minFen),
      lang,
    ),
    halls: halls.map((hall) => ({
      id: hall.id,
      name: localName(hall.name, hall.name_en, lang),
      seatCount: Number(hall.seat_count),
    })),
    showDates,
  };
}

export async function listCinemaShows(
  deps: Deps,
  site: SiteRow,
  query: z.output<(typeof cinemaShowsCall)['query']>,
  lang: NameLang,
): Promise<CallAnswer<typeof cinemaShowsCall>> {
  const now = deps.clock.now();
  const cinema = await findCinemaOrThrow(deps.db, site.id, query.cinemaId);
  const shows = await cinemaRepository.listShows(
    deps.db,
    { siteId: site.id, date: query.date, cinemaId: cinema.id },
    now,
  );
  const filmIds = [...new Set(shows.map((show) => show.film_id))];
  const [films, left] = await Promise.all([
    cinemaRepository.findFilmsByIds(deps.db, site.id, filmIds),
    cinemaRepository.seatsLeftByShow(
      deps.db,
      shows.map((show) => show.id),
      now,
    ),
  ]);
  const today = localDateOf(now);
  // Films in the order of their first show of the day.
  return {
    date: query.date,
    films: filmIds.flatMap((filmId) => {
      const film = films.find((candidate) => candidate.id === filmId);
      if (!film) return [];
      return [
        {
          film: filmSummary(film, today, lang),
          shows: shows
            .filter((show) => show.film_id === filmId)
            .map((show) => showSummary(show, left.get(show.id), lang)),
        },
      ];
    }),
  };
}

export async function listFilms(
  deps: Deps,
  site: SiteRow,
  status: FilmStatus,
  lang: NameLang,
): Promise<CallAnswer<typeof filmListCall>> {
  const today = localDateOf(deps.clock.now());
  const films = (await cinemaRepository.listFilms(deps.db, site.id))
    .map((film) => filmSummary(film, today, lang))
    .filter((film) => film.status === status);
  films.sort(
    status === 'showing'
      ? (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || a.title.localeCompare(b.title, 'zh')
      : (a, b) =>
          a.releaseDate.localeCompare(b.releaseDate) || a.title.localeCompare(b.title, 'zh'),
  );
  return { list: films };
}

export async function getFilmDetail(
  deps: Deps,
  site: SiteRow,
  query: CallQuery<typeof filmDetailCall>,
  lang: NameLang,
): Promise<CallAnswer<typeof filmDetailCall>> {
  const now = deps.clock.now();
  const film = await findFilmOrThrow(deps.db, site.id, query.filmId);
  const today = localDateOf(now);
  const showDates = await cinemaRepository.showDates(
    deps.db,
    { siteId: site.id, filmId: film.id },
    now,
    today,
    addDays(today, DAYS_AHEAD - 1),
  );
  return {
    ...filmSummary(film, today, lang),
    synopsis: film.synopsis,
    director: film.director,
    cast: film.cast_list,
    country: localTerm('country', film.country, lang),
    language: localTerm('language', film.language, lang),
    showDates,
  };
}

export async function listFilmShows(
  deps: Deps,
  site: SiteRow,
  query: z.output<(typeof filmShowsCall)['query']>,
  lang: NameLang,
): Promise<CallAnswer<typeof filmShowsCall>> {
  const near = nearOf(query);
  const now = deps.clock.now();
  const film = await findFilmOrThrow(deps.db, site.id, query.filmId);
  const shows = await cinemaRepository.listShows(
    deps.db,
    { siteId: site.id, date: query.date, filmId: film.id },
    now,
  );
  const cinemaIds = [...new Set(shows.map((show) => show.cinema_id))];
  const [cinemas, minPrices, left] = await Promise.all([
    cinemaRepository.findCinemasByIds(deps.db, site.id, cinemaIds),
    cinemaRepository.minPricesByCinema(deps.db, site.id, now),
    cinemaRepository.seatsLeftByShow(
      deps.db,
      shows.map((show) => show.id),
      now,
    ),
  ]);
  const minFen = new Map(minPrices.map((row) => [row.cinema_id, Number(row.min_fen)]));
  const summaries = sortCinemas(
    cinemas.map((row) => cinemaSummary(row, near, minFen.get(row.id), lang)),
    lang,
  );
  return {
    date: query.date,
    cinemas: summaries.map((cinema) => ({
      cinema,
      shows: shows
        .filter((show) => show.cinema_id === cinema.id)
        .map((show) => showSummary(show, left.get(show.id), lang)),
    })),
  };
}

/** A cinema of the site as orders show it (spec §3's cinemaInfo); undefined when unknown. */
export async function findCinemaInfo(
  db: Executor,
  siteId: string,
  cinemaId: string,
  lang: NameLang = 'zh',
): Promise<CinemaInfo | undefined> {
  const cinema = isUuid(cinemaId)
    ? await cinemaRepository.findCinema(db, siteId, cinemaId)
    : undefined;
  return cinema
    ? {
        cinemaId: cinema.id,
        name: localName(cinema.name, cinema.name_en, lang),
        address: localName(cinema.address, cinema.address_en, lang),
        phone: cinema.phone,
      }
    : undefined;
}

/** The poster of a film, by id alone (images carry no site header). */
export async function findPosterFilm(db: Executor, filmId: string) {
  if (!isUuid(filmId)) return undefined;
  return cinemaRepository.findFilmForPoster(db, filmId);
}

function nearOf(query: { lat?: number; lng?: number }): Near {
  if (query.lat === undefined && query.lng === undefined) return null;
  if (query.lat === undefined || query.lng === undefined) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [query.lat === undefined ? 'query.lat' : 'query.lng'],
      issues: [{ field: 'query', message: 'lat and lng go together: send both or neither' }],
    });
  }
  return { latitude: query.lat, longitude: query.lng };
}

/** By distance when the visitor's place is known, else by name (in the page's language). */
function sortCinemas(cinemas: CinemaSummary[], lang: NameLang): CinemaSummary[] {
  const locale = lang === 'en' ? 'en' : 'zh';
  return [...cinemas].sort((a, b) =>
    a.distanceMeters !== null && b.distanceMeters !== null
      ? a.distanceMeters - b.distanceMeters || a.name.localeCompare(b.name, locale)
      : a.name.localeCompare(b.name, locale),
  );
}

async function findCinemaOrThrow(db: Executor, siteId: string, cinemaId: string) {
  const cinema = isUuid(cinemaId)
    ? await cinemaRepository.findCinema(db, siteId, cinemaId)
    : undefined;
  if (!cinema) throw notFound('Cinema', '影院');
  return cinema;
}

async function findFilmOrThrow(db: Executor, siteId: string, filmId: string) {
  const film = isUuid(filmId) ? await cinemaRepository.findFilm(db, siteId, filmId) : undefined;
  if (!film) throw notFound('Film', '影片');
  return film;
}

function cinemaSummary(
  row: Selectable<CinemasTable>,
  near: Near,
  minFen: number | undefined,
  lang: NameLang,
): CinemaSummary {
  return {
    id: row.id,
    name: localName(row.name, row.name_en, lang),
    address: localName(row.address, row.address_en, lang),
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    tags: row.tags.map((tag) => localTerm('tag', tag, lang)),
    distanceMeters: near ? Math.round(haversineMeters(near, row)) : null,
    minPrice: minFen === undefined ? null : fenToYuan(minFen),
  };
}

function filmSummary(row: Selectable<FilmsTable>, today: string, lang: NameLang): FilmSummary {
  return {
    id: row.id,
    title: row.title,
    posterUrl: filmPosterPath(row.id),
    genres: row.genres.map((genre) => localTerm('genre', genre, lang)),
    durationMinutes: row.duration_minutes,
    releaseDate: row.release_date,
    rating: row.rating === null ? null : Number(row.rating),
    status: row.release_date <= today ? 'showing' : 'coming',
  };
}

function showSummary(
  row: Awaited<ReturnType<typeof cinemaRepository.listShows>>[number],
  left: { seatCount: number; seatsLeft: number } | undefined,
  lang: NameLang,
): ShowSummary {
  return {
    showId: row.id,
    filmId: row.film_id,
    cinemaId: row.cinema_id,
    hallId: row.hall_id,
    hallName: localName(row.hall_name, row.hall_name_en, lang),
    startAt: new Date(row.start_at).toISOString(),
    endAt: new Date(row.end_at).toISOString(),
    language: localTerm('language', row.language, lang),
    format: row.format,
    price: fenToYuan(Number(row.min_price_fen)),
    discountPrice: fenToYuan(Number(row.min_discount_fen)),
    ...(left && {
      seatsLeft: left.seatsLeft,
      heat: showHeatOf(left.seatsLeft, left.seatCount),
    }),
  };
}
