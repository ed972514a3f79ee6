import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL only: cinemas, films, shows and hall layouts of one site. */

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A keyword finds a cinema by its name, address or tags ("IMAX", "杜比全景声", "激光放映"), a hall's
 * name ("杜比巨幕厅") or the format of a show still to come ("3D"); English names count too, and
 * `tagTerms` are stored tags the keyword names in English ("Dolby" → 杜比全景声).
 */
export function listCinemas(
  db: Executor,
  siteId: string,
  keyword: string | undefined,
  showsAfter: Date,
  tagTerms: readonly string[] = [],
) {
  let query = db.selectFrom('cinemas').selectAll().where('site_id', '=', siteId);
  if (keyword) {
    const pattern = likePattern(keyword);
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('name_en', 'ilike', pattern),
        eb('address', 'ilike', pattern),
        eb('address_en', 'ilike', pattern),
        sql<boolean>`exists (select 1 from unnest(cinemas.tags) as tag where tag ilike ${pattern})`,
        ...(tagTerms.length > 0
          ? [sql<boolean>`cinemas.tags && ${sql.val([...tagTerms])}::text[]`]
          : []),
        eb.exists(
          eb
            .selectFrom('halls')
            .select(sql`1`.as('one'))
            .whereRef('halls.cinema_id', '=', 'cinemas.id')
            .where((inner) =>
              inner.or([
                inner('halls.name', 'ilike', pattern),
                inner('halls.name_en', 'ilike', pattern),
              ]),
            ),
        ),
        eb.exists(
          eb
            .selectFrom('shows')
            .select(sql`1`.as('one'))
            .whereRef('shows.cinema_id', '=', 'cinemas.id')
            .where('shows.start_at', '>', showsAfter)
            .where('shows.cancelled_at', 'is', null)
            .where(sql<string>`shows.format::text`, 'ilike', pattern),
        ),
      ]),
    );
  }
  return query.orderBy('name').execute();
}

export function findCinema(db: Executor, siteId: string, cinemaId: string) {
  return db
    .selectFrom('cinemas')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', cinemaId)
    .executeTakeFirst();
}

/** The lowest member price of each cinema's shows that have not started. */
export function minPricesByCinema(db: Executor, siteId: string, after: Date) {
  return db
    .selectFrom('shows')
    .innerJoin('show_prices', 'show_prices.show_id', 'shows.id')
    .select(['shows.cinema_id', (eb) => eb.fn.min('show_prices.discount_price_fen').as('min_fen')])
    .where('shows.site_id', '=', siteId)
    .where('shows.is_on_sale', '=', true)
    .where('shows.start_at', '>', after)
    .groupBy('shows.cinema_id')
    .execute();
}

/** Halls with the seats for sale in their current layout. */
export function listHallsWithSeatCount(db: Executor, cinemaId: string) {
  return db
    .selectFrom('halls')
    .leftJoin('seats', (join) =>
      join
        .onRef('seats.layout_id', '=', sql<string>`hall_current_layout(halls.id)`)
        .on('seats.kind', '!=', 'unavailable'),
    )
    .select([
      'halls.id',
      'halls.name',
      'halls.name_en',
      (eb) => eb.fn.count<number>('seats.id').as('seat_count'),
    ])
    .where('halls.cinema_id', '=', cinemaId)
    .groupBy(['halls.id', 'halls.name', 'halls.name_en'])
    .orderBy('halls.name')
    .execute();
}

/** Dates from `fromDate` to `toDate` with shows that start after `after`. */
export async function showDates(
  db: Executor,
  filter: { siteId: string; cinemaId?: string; filmId?: string },
  after: Date,
  fromDate: string,
  toDate: string,
): Promise<string[]> {
  let query = db
    .selectFrom('shows')
    .select('show_date')
    .distinct()
    .where('site_id', '=', filter.siteId)
    .where('is_on_sale', '=', true)
    .where('start_at', '>', after)
    .where('show_date', '>=', fromDate)
    .where('show_date', '<=', toDate);
  if (filter.cinemaId) query = query.where('cinema_id', '=', filter.cinemaId);
  if (filter.filmId) query = query.where('film_id', '=', filter.filmId);
  const rows = await query.orderBy('show_date').execute();
  return rows.map((row) => row.show_date);
}

/** Shows of a day (not yet started), with the hall name and the lowest prices over the areas. */
export function listShows(
  db: Executor,
  filter: { siteId: string; date: string; cinemaId?: string; filmId?: string },
  after: Date,
) {
  let query = db
    .selectFrom('shows')
    .innerJoin('halls', 'halls.id', 'shows.hall_id')
    .innerJoin('show_prices', 'show_prices.show_id', 'shows.id')
    .select([
      'shows.id',
      'shows.film_id',
      'shows.cinema_id',
      'shows.hall_id',
      'halls.name as hall_name',
      'halls.name_en as hall_name_en',
      'shows.start_at',
      'shows.end_at',
      'shows.language',
      'shows.format',
      (eb) => eb.fn.min('show_prices.price_fen').as('min_price_fen'),
      (eb) => eb.fn.min('show_prices.discount_price_fen').as('min_discount_fen'),
    ])
    .where('shows.site_id', '=', filter.siteId)
    .where('shows.is_on_sale', '=', true)
    .where('shows.show_date', '=', filter.date)
    .where('shows.start_at', '>', after);
  if (filter.cinemaId) query = query.where('shows.cinema_id', '=', filter.cinemaId);
  if (filter.filmId) query = query.where('shows.film_id', '=', filter.filmId);
  return query
    .groupBy(['shows.id', 'halls.name', 'halls.name_en'])
    .orderBy('shows.start_at')
    .orderBy('halls.name')
    .execute();
}

/**
 * Seats for sale and seats free of each show, for a whole show list in one query: the halls' seats
 * (not `unavailable`) minus the shows' live seat holds and sold seats (an expired hold is free).
 */
export async function seatsLeftByShow(
  db: Executor,
  showIds: readonly string[],
  now: Date,
): Promise<Map<string, { seatCount: number; seatsLeft: number }>> {
  if (showIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shows')
    .select([
      'shows.id',
      (eb) =>
        eb
          .selectFrom('seats')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('seats.hall_id', '=', 'shows.hall_id')
          .where('seats.kind', '<>', 'unavailable')
          .as('seat_count'),
      (eb) =>
        eb
          .selectFrom('film_order_seats')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('film_order_seats.show_id', '=', 'shows.id')
          .where((inner) =>
            inner.or([
              inner('film_order_seats.state', '=', 'sold'),
              inner.and([
                inner('film_order_seats.state', '=', 'held'),
                inner('film_order_seats.hold_expires_at', '>', now),
              ]),
            ]),
          )
          .as('taken'),
    ])
    .where('shows.id', 'in', [...showIds])
    .execute();
  return new Map(
    rows.map((row) => {
      const seatCount = Number(row.seat_count ?? 0);
      return [row.id, { seatCount, seatsLeft: Math.max(0, seatCount - Number(row.taken ?? 0)) }];
    }),
  );
}

export function listFilms(db: Executor, siteId: string) {
  return db.selectFrom('films').selectAll().where('site_id', '=', siteId).execute();
}

export function findFilmsByIds(db: Executor, siteId: string, filmIds: string[]) {
  if (filmIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('films')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', filmIds)
    .execute();
}

export function findFilm(db: Executor, siteId: string, filmId: string) {
  return db
    .selectFrom('films')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', filmId)
    .executeTakeFirst();
}

/** A film by id alone: poster images are fetched without the site header. */
export function findFilmForPoster(db: Executor, filmId: string) {
  return db
    .selectFrom('films')
    .select(['id', 'title', 'genres', 'poster_colors'])
    .where('id', '=', filmId)
    .executeTakeFirst();
}

export function findCinemasByIds(db: Executor, siteId: string, cinemaIds: string[]) {
  if (cinemaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cinemas')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', cinemaIds)
    .execute();
}

/** One show with its film, cinema and hall, for the seat map and for holding seats. */
function showsWithNames(db: Executor, siteId: string) {
  return db
    .selectFrom('shows')
    .innerJoin('films', 'films.id', 'shows.film_id')
    .innerJoin('cinemas', 'cinemas.id', 'shows.cinema_id')
    .innerJoin('halls', 'halls.id', 'shows.hall_id')
    .innerJoin('hall_layouts', 'hall_layouts.id', 'shows.layout_id')
    .select([
      'shows.id',
      'shows.site_id',
      'shows.film_id',
      'shows.cinema_id',
      'shows.hall_id',
      'shows.layout_id',
      'shows.start_at',
      'shows.end_at',
      'shows.language',
      'shows.format',
      'shows.is_on_sale',
      'films.title as film_title',
      'cinemas.name as cinema_name',
      'cinemas.name_en as cinema_name_en',
      'cinemas.address as cinema_address',
      'cinemas.address_en as cinema_address_en',
      'cinemas.phone as cinema_phone',
      'halls.name as hall_name',
      'halls.name_en as hall_name_en',
      'hall_layouts.columns',
      'hall_layouts.row_count',
    ])
    .where('shows.site_id', '=', siteId);
}

export function findShow(db: Executor, siteId: string, showId: string) {
  return showsWithNames(db, siteId).where('shows.id', '=', showId).executeTakeFirst();
}

/** Several shows with their film, cinema and hall names, in one query. */
export function listShowsByIds(db: Executor, siteId: string, showIds: readonly string[]) {
  if (showIds.length === 0) return Promise.resolve([]);
  return showsWithNames(db, siteId)
    .where('shows.id', 'in', [...showIds])
    .execute();
}

export function listShowPriceAreas(db: Executor, showId: string) {
  return db
    .selectFrom('show_prices')
    .innerJoin('price_areas', 'price_areas.id', 'show_prices.area_id')
    .select([
      'price_areas.id',
      'price_areas.name',
      'price_areas.name_en',
      'price_areas.color',
      'show_prices.price_fen',
      'show_prices.discount_price_fen',
    ])
    .where('show_prices.show_id', '=', showId)
    .orderBy('price_areas.sort_order')
    .execute();
}

/** The seats of one layout version (a show's). */
export function listLayoutSeats(db: Executor, layoutId: string) {
  return db
    .selectFrom('seats')
    .select(['id', 'row_label', 'col', 'x', 'y', 'kind', 'area_id', 'label'])
    .where('layout_id', '=', layoutId)
    .orderBy('y')
    .orderBy('x')
    .execute();
}
