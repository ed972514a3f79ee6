import { sql, type Insertable, type Updateable } from 'kysely';
import type { CinemasTable, Executor, SeatsTable } from '../../db/schema.js';

/** SQL only: cinemas, halls and their layout versions as the staff console keeps them. */

export function listCinemasWithHallCount(db: Executor, siteId: string) {
  return db
    .selectFrom('cinemas')
    .leftJoin('halls', 'halls.cinema_id', 'cinemas.id')
    .selectAll('cinemas')
    .select((eb) => eb.fn.count<string>('halls.id').as('hall_count'))
    .where('cinemas.site_id', '=', siteId)
    .groupBy('cinemas.id')
    .orderBy('cinemas.name')
    .execute();
}

export function findCinemaForUpdate(db: Executor, siteId: string, cinemaId: string) {
  return db
    .selectFrom('cinemas')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', cinemaId)
    .forUpdate()
    .executeTakeFirst();
}

export function findCinemaByName(db: Executor, siteId: string, name: string) {
  return db
    .selectFrom('cinemas')
    .select('id')
    .where('site_id', '=', siteId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function insertCinema(db: Executor, cinema: Insertable<CinemasTable>) {
  return db.insertInto('cinemas').values(cinema).returning('id').executeTakeFirstOrThrow();
}

export function updateCinema(db: Executor, cinemaId: string, change: Updateable<CinemasTable>) {
  return db.updateTable('cinemas').set(change).where('id', '=', cinemaId).execute();
}

/** Halls with their current layout (highest version) and its seats for sale. */
function hallsWithCurrentLayout(db: Executor, siteId: string) {
  return db
    .selectFrom('halls')
    .innerJoin('cinemas', 'cinemas.id', 'halls.cinema_id')
    .innerJoin('hall_layouts', (join) =>
      join
        .onRef('hall_layouts.hall_id', '=', 'halls.id')
        .on('hall_layouts.id', '=', sql<string>`hall_current_layout(halls.id)`),
    )
    .select([
      'halls.id',
      'halls.cinema_id',
      'halls.name',
      'halls.name_en',
      'hall_layouts.id as layout_id',
      'hall_layouts.version',
      'hall_layouts.columns',
      'hall_layouts.row_count',
      'hall_layouts.row_labels',
      (eb) =>
        eb
          .selectFrom('seats')
          .select((inner) => inner.fn.countAll<string>().as('count'))
          .whereRef('seats.layout_id', '=', 'hall_layouts.id')
          .where('seats.kind', '!=', 'unavailable')
          .as('seat_count'),
    ])
    .where('cinemas.site_id', '=', siteId);
}

export function listHallsOfCinema(db: Executor, siteId: string, cinemaId: string) {
  return hallsWithCurrentLayout(db, siteId)
    .where('halls.cinema_id', '=', cinemaId)
    .orderBy('halls.name')
    .execute();
}

export function findHallWithLayout(db: Executor, siteId: string, hallId: string) {
  return hallsWithCurrentLayout(db, siteId).where('halls.id', '=', hallId).executeTakeFirst();
}

export function findHallByName(db: Executor, cinemaId: string, name: string) {
  return db
    .selectFrom('halls')
    .select('id')
    .where('cinema_id', '=', cinemaId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** A new hall; its trigger makes layout version 1 of this size (migration 0019). */
export function insertHall(
  db: Executor,
  hall: {
    cinemaId: string;
    name: string;
    nameEn: string | null;
    columns: number;
    rowCount: number;
  },
) {
  return db
    .insertInto('halls')
    .values({
      cinema_id: hall.cinemaId,
      name: hall.name,
      name_en: hall.nameEn,
      columns: hall.columns,
      row_count: hall.rowCount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function renameHall(
  db: Executor,
  hallId: string,
  names: { name: string; nameEn: string | null },
) {
  return db
    .updateTable('halls')
    .set({ name: names.name, name_en: names.nameEn })
    .where('id', '=', hallId)
    .execute();
}

/** The size of the current layout, kept on the hall for readers of before 0019. */
export function setHallSize(
  db: Executor,
  hallId: string,
  size: { columns: number; rowCount: number },
) {
  return db
    .updateTable('halls')
    .set({ columns: size.columns, row_count: size.rowCount })
    .where('id', '=', hallId)
    .execute();
}

export function insertLayout(
  db: Executor,
  layout: {
    hallId: string;
    version: number;
    columns: number;
    rowCount: number;
    rowLabels: string[];
  },
) {
  return db
    .insertInto('hall_layouts')
    .values({
      hall_id: layout.hallId,
      version: layout.version,
      columns: layout.columns,
      row_count: layout.rowCount,
      row_labels: layout.rowLabels,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function setLayoutRowLabels(db: Executor, layoutId: string, rowLabels: string[]) {
  return db
    .updateTable('hall_layouts')
    .set({ row_labels: rowLabels })
    .where('id', '=', layoutId)
    .execute();
}

export function insertPriceAreas(
  db: Executor,
  areas: {
    hallId: string;
    layoutId: string;
    code: string;
    name: string;
    nameEn?: string | null;
    color: string;
  }[],
) {
  return db
    .insertInto('price_areas')
    .values(
      areas.map((area, index) => ({
        hall_id: area.hallId,
        layout_id: area.layoutId,
        code: area.code,
        name: area.name,
        name_en: area.nameEn ?? null,
        color: area.color,
        sort_order: index + 1,
      })),
    )
    .returning(['id', 'code'])
    .execute();
}

export async function insertSeats(db: Executor, seats: Insertable<SeatsTable>[]) {
  for (let start = 0; start < seats.length; start += 1000) {
    await db
      .insertInto('seats')
      .values(seats.slice(start, start + 1000))
      .execute();
  }
}

export function listLayoutAreas(db: Executor, layoutId: string) {
  return db
    .selectFrom('price_areas')
    .select(['id', 'code', 'name', 'name_en', 'color'])
    .where('layout_id', '=', layoutId)
    .orderBy('sort_order')
    .execute();
}

export function listLayoutSeatCells(db: Executor, layoutId: string) {
  return db
    .selectFrom('seats')
    .select(['x', 'y', 'kind', 'area_id', 'row_label'])
    .where('layout_id', '=', layoutId)
    .execute();
}

export async function countShowsOnLayout(db: Executor, layoutId: string): Promise<number> {
  const row = await db
    .selectFrom('shows')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('layout_id', '=', layoutId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The hall locked (layout saves and show scheduling take turns on it), with its site checked. */
export function lockHallOfSite(db: Executor, siteId: string, hallId: string) {
  return db
    .selectFrom('halls')
    .innerJoin('cinemas', 'cinemas.id', 'halls.cinema_id')
    .select(['halls.id', 'halls.name', 'halls.name_en', 'halls.cinema_id'])
    .where('cinemas.site_id', '=', siteId)
    .where('halls.id', '=', hallId)
    .forUpdate('halls')
    .executeTakeFirst();
}
