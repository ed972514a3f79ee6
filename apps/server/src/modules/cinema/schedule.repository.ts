import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor, FilmsTable, ShowPricesTable, ShowsTable } from '../../db/schema.js';

/** SQL only: what the staff console reads and changes of films, posters and shows. */

export function listFilmsWithPoster(db: Executor, siteId: string) {
  return db
    .selectFrom('films')
    .leftJoin('film_posters', 'film_posters.film_id', 'films.id')
    .selectAll('films')
    .select('film_posters.sha256 as poster_sha256')
    .where('films.site_id', '=', siteId)
    .orderBy('films.release_date', 'desc')
    .orderBy('films.title')
    .execute();
}

export function findFilmWithPoster(db: Executor, siteId: string, filmId: string) {
  return db
    .selectFrom('films')
    .leftJoin('film_posters', 'film_posters.film_id', 'films.id')
    .selectAll('films')
    .select('film_posters.sha256 as poster_sha256')
    .where('films.site_id', '=', siteId)
    .where('films.id', '=', filmId)
    .executeTakeFirst();
}

export function findFilmForUpdate(db: Executor, siteId: string, filmId: string) {
  return db
    .selectFrom('films')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', filmId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertFilm(db: Executor, film: Insertable<FilmsTable>) {
  return db.insertInto('films').values(film).returning('id').executeTakeFirstOrThrow();
}

export function updateFilm(db: Executor, filmId: string, change: Updateable<FilmsTable>) {
  return db.updateTable('films').set(change).where('id', '=', filmId).execute();
}

export function upsertPoster(
  db: Executor,
  poster: { filmId: string; contentType: string; bytes: Uint8Array; sha256: string; at: Date },
) {
  const values = {
    film_id: poster.filmId,
    content_type: poster.contentType as 'image/png',
    bytes: poster.bytes,
    sha256: poster.sha256,
    uploaded_at: poster.at,
  };
  return db
    .insertInto('film_posters')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('film_id').doUpdateSet({
        content_type: values.content_type,
        bytes: values.bytes,
        sha256: values.sha256,
        uploaded_at: values.uploaded_at,
      }),
    )
    .execute();
}

/** The uploaded poster of a film, by id alone (images carry no site header). */
export function findPoster(db: Executor, filmId: string) {
  return db
    .selectFrom('film_posters')
    .select(['content_type', 'bytes', 'sha256'])
    .where('film_id', '=', filmId)
    .executeTakeFirst();
}

function hallOfSite(db: Executor, siteId: string, hallId: string) {
  return db
    .selectFrom('halls')
    .innerJoin('cinemas', 'cinemas.id', 'halls.cinema_id')
    .select([
      'halls.id',
      'halls.name',
      'halls.cinema_id',
      sql<string>`hall_current_layout(halls.id)`.as('layout_id'),
    ])
    .where('cinemas.site_id', '=', siteId)
    .where('halls.id', '=', hallId);
}

/** A hall of a cinema of the site. */
export function findHall(db: Executor, siteId: string, hallId: string) {
  return hallOfSite(db, siteId, hallId).executeTakeFirst();
}

/** The same, locked: shows of one hall are added one at a time. */
export function lockHall(db: Executor, siteId: string, hallId: string) {
  return hallOfSite(db, siteId, hallId).forUpdate('halls').executeTakeFirst();
}

/** Every hall of a cinema, locked in id order (copying touches several at once). */
export function lockHallsOfCinema(db: Executor, cinemaId: string) {
  return db
    .selectFrom('halls')
    .select(['id', 'name', 'cinema_id'])
    .where('cinema_id', '=', cinemaId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function listHalls(db: Executor, cinemaId: string) {
  return db
    .selectFrom('halls')
    .select(['id', 'name', 'name_en'])
    .where('cinema_id', '=', cinemaId)
    .orderBy('name')
    .execute();
}

/**
 * The price areas each hall's current layout has seats in (what a show scheduled now must price;
 * decision 016).
 */
export function listHallPriceAreas(db: Executor, hallIds: readonly string[]) {
  if (hallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('price_areas')
    .select(['id', 'hall_id', 'layout_id', 'code', 'name', 'name_en', 'color'])
    .where('hall_id', 'in', [...hallIds])
    .where('layout_id', '=', sql<string>`hall_current_layout(price_areas.hall_id)`)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('seats').select('seats.id').whereRef('seats.area_id', '=', 'price_areas.id'),
      ),
    )
    .orderBy('sort_order')
    .execute();
}

/**
 * The first show of the hall (not cancelled, not `exceptShowId`) whose time, widened by the
 * cleaning minutes, meets [startAt, endAt).
 */
export function findOverlappingShow(
  db: Executor,
  hall: {
    hallId: string;
    startAt: Date;
    endAt: Date;
    cleaningMinutes: number;
    /** The show being moved: it does not overlap itself. */
    exceptShowId?: string;
  },
) {
  const gapMs = hall.cleaningMinutes * 60_000;
  return db
    .selectFrom('shows')
    .innerJoin('films', 'films.id', 'shows.film_id')
    .select(['shows.id', 'shows.start_at', 'shows.end_at', 'films.title as film_title'])
    .where('shows.hall_id', '=', hall.hallId)
    .$if(!!hall.exceptShowId, (qb) => qb.where('shows.id', '!=', hall.exceptShowId!))
    .where('shows.cancelled_at', 'is', null)
    .where('shows.start_at', '<', new Date(hall.endAt.getTime() + gapMs))
    .where('shows.end_at', '>', new Date(hall.startAt.getTime() - gapMs))
    .orderBy('shows.start_at')
    .limit(1)
    .executeTakeFirst();
}

export function insertShow(db: Executor, show: Insertable<ShowsTable>) {
  return db.insertInto('shows').values(show).returning('id').executeTakeFirstOrThrow();
}

export function insertShowPrices(db: Executor, prices: Insertable<ShowPricesTable>[]) {
  return db.insertInto('show_prices').values(prices).execute();
}

/** Shows of a cinema from one local date to another (inclusive), with film and hall names. */
export function listScheduleShows(
  db: Executor,
  filter: { siteId: string; cinemaId?: string; showIds?: readonly string[] },
  dates?: { from: string; to: string },
) {
  let query = db
    .selectFrom('shows')
    .innerJoin('films', 'films.id', 'shows.film_id')
    .innerJoin('halls', 'halls.id', 'shows.hall_id')
    .selectAll('shows')
    .select(['films.title as film_title', 'halls.name as hall_name'])
    .where('shows.site_id', '=', filter.siteId);
  if (filter.cinemaId) query = query.where('shows.cinema_id', '=', filter.cinemaId);
  if (filter.showIds) {
    if (filter.showIds.length === 0) return Promise.resolve([]);
    query = query.where('shows.id', 'in', [...filter.showIds]);
  }
  if (dates) {
    query = query
      .where('shows.show_date', '>=', dates.from)
      .where('shows.show_date', '<=', dates.to);
  }
  return query.orderBy('shows.start_at').orderBy('halls.name').execute();
}

export function listPricesOfShows(db: Executor, showIds: readonly string[]) {
  if (showIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('show_prices')
    .innerJoin('price_areas', 'price_areas.id', 'show_prices.area_id')
    .select([
      'show_prices.show_id',
      'show_prices.area_id',
      'price_areas.code as area_code',
      'show_prices.price_fen',
      'show_prices.discount_price_fen',
    ])
    .where('show_prices.show_id', 'in', [...showIds])
    .orderBy('price_areas.sort_order')
    .execute();
}

/** Per show: ticketed (not used) orders and their seats. */
export function countTicketed(db: Executor, showIds: readonly string[]) {
  if (showIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('film_order_seats')
    .innerJoin('orders', 'orders.id', 'film_order_seats.order_id')
    .select([
      'film_order_seats.show_id',
      (eb) => eb.fn.count<string>('film_order_seats.id').as('seats'),
      (eb) => eb.fn.count<string>('orders.id').distinct().as('orders'),
    ])
    .where('film_order_seats.show_id', 'in', [...showIds])
    .where('film_order_seats.state', '=', 'sold')
    .where('orders.status', '=', 'ticketed')
    .groupBy('film_order_seats.show_id')
    .execute();
}

export function lockShow(db: Executor, siteId: string, showId: string) {
  return db
    .selectFrom('shows')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', showId)
    .forUpdate()
    .executeTakeFirst();
}

export function stopSales(
  db: Executor,
  showId: string,
  cancel?: { cancelledAt: Date; reason: string },
) {
  return db
    .updateTable('shows')
    .set({
      is_on_sale: false,
      ...(cancel ? { cancelled_at: cancel.cancelledAt, cancel_reason: cancel.reason } : {}),
    })
    .where('id', '=', showId)
    .execute();
}

/** Orders of a show a cancellation settles: ticketed ones (refund) and unpaid holds (release). */
export async function listOrderIdsToSettle(db: Executor, showId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('film_order_seats')
    .innerJoin('orders', 'orders.id', 'film_order_seats.order_id')
    .select('orders.id')
    .distinct()
    .where('film_order_seats.show_id', '=', showId)
    // Seats still held or sold: an order exchanged away from this show (改签) is not settled.
    .where('film_order_seats.state', 'in', ['held', 'sold'])
    .where('orders.status', 'in', ['ticketed', 'pending_payment'])
    .orderBy('orders.id')
    .execute();
  return rows.map((row) => row.id);
}

export async function countOrderSeats(db: Executor, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('film_order_seats')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('order_id', '=', orderId)
    // Seats staff moved the order off (0016) are not its seats.
    .where('moved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A new start (and end, and local date) of a show; `waivedAt` lets its buyers refund past the cutoff. */
export function moveShow(
  db: Executor,
  showId: string,
  move: { startAt: Date; endAt: Date; showDate: string; waivedAt: Date | null },
) {
  return db
    .updateTable('shows')
    .set((eb) => ({
      start_at: move.startAt,
      end_at: move.endAt,
      show_date: move.showDate,
      refund_cutoff_waived_at: move.waivedAt
        ? eb.fn.coalesce('refund_cutoff_waived_at', eb.val(move.waivedAt))
        : eb.ref('refund_cutoff_waived_at'),
    }))
    .where('id', '=', showId)
    .execute();
}

export function resumeSales(db: Executor, showId: string) {
  return db.updateTable('shows').set({ is_on_sale: true }).where('id', '=', showId).execute();
}
