import { createHash } from 'node:crypto';
import { filmPosterPath, type CallAnswer } from '@marquee/contracts';
import {
  type ConsoleFilm,
  type consoleFilmCreateCall,
  type consoleFilmListCall,
  type consoleFilmUpdateCall,
} from '@marquee/contracts/console';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor, FilmsTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { readUploadedImage } from '../../lib/uploaded-image.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as scheduleRepository from './schedule.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type FilmFields = z.output<(typeof consoleFilmCreateCall)['body']>;
type FilmRow = Selectable<FilmsTable> & { poster_sha256: string | null };

/** Two colours of the drawn poster, picked from the title so a new film gets its own look. */
const POSTER_PALETTE = [
  ['#1e3a8a', '#60a5fa'],
  ['#7f1d1d', '#f87171'],
  ['#14532d', '#4ade80'],
  ['#581c87', '#c084fc'],
  ['#78350f', '#fbbf24'],
  ['#134e4a', '#2dd4bf'],
] as const;

export async function listConsoleFilms(
  deps: Deps,
  site: SiteRow,
): Promise<CallAnswer<typeof consoleFilmListCall>> {
  const rows = await scheduleRepository.listFilmsWithPoster(deps.db, site.id);
  return { list: rows.map(consoleFilmOf) };
}

/** POST /api/console/films/create: a new film of the site; `film.create`. */
export async function createFilm(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  fields: FilmFields,
): Promise<ConsoleFilm> {
  const now = deps.clock.now();
  const filmId = await deps.db.transaction().execute(async (trx) => {
    await refuseTakenTitle(trx, site.id, fields.title);
    const hash = createHash('sha256').update(fields.title).digest()[0]!;
    const { id } = await scheduleRepository
      .insertFilm(trx, {
        site_id: site.id,
        ...filmColumns(fields),
        poster_colors: [...POSTER_PALETTE[hash % POSTER_PALETTE.length]!],
      })
      .catch(titleTaken(fields.title));
    await recordAudit(trx, site, staff, now, {
      action: 'film.create',
      entity: 'film',
      entityId: id,
      after: fields,
    });
    return id;
  });
  return readFilm(deps.db, site.id, filmId);
}

/** POST /api/console/films/update: every field at once; `film.update` with before and after. */
export async function updateFilm(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: z.output<(typeof consoleFilmUpdateCall)['body']>,
): Promise<ConsoleFilm> {
  const { id, ...fields } = body;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const film = isUuid(id) ? await scheduleRepository.findFilmForUpdate(trx, site.id, id) : null;
    if (!film) throw notFound('Film', '影片');
    if (film.title !== fields.title) await refuseTakenTitle(trx, site.id, fields.title);
    await scheduleRepository
      .updateFilm(trx, film.id, filmColumns(fields))
      .catch(titleTaken(fields.title));
    await recordAudit(trx, site, staff, now, {
      action: 'film.update',
      entity: 'film',
      entityId: film.id,
      before: fieldsOf(film),
      after: fields,
    });
  });
  return readFilm(deps.db, site.id, id);
}

/**
 * POST /api/console/films/poster: PNG, JPEG or WebP by their first bytes (whatever the file is
 * called), at most 2 MB, kept in PostgreSQL; `film.poster` records its size and hash.
 */
export async function uploadPoster(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { filmId: string; dataBase64: string },
): Promise<ConsoleFilm> {
  const { bytes, contentType, sha256 } = readUploadedImage(
    body.dataBase64,
    (problem) => new AppError('POSTER_REFUSED', { problem }),
  );
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const film = isUuid(body.filmId)
      ? await scheduleRepository.findFilmForUpdate(trx, site.id, body.filmId)
      : null;
    if (!film) throw notFound('Film', '影片');
    await scheduleRepository.upsertPoster(trx, {
      filmId: film.id,
      contentType,
      bytes,
      sha256,
      at: now,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'film.poster',
      entity: 'film',
      entityId: film.id,
      after: { contentType, bytes: bytes.length, sha256 },
    });
  });
  return readFilm(deps.db, site.id, body.filmId);
}

/** The uploaded poster of a film, if any (served instead of the drawn SVG). */
export async function findUploadedPoster(db: Executor, filmId: string) {
  if (!isUuid(filmId)) return undefined;
  return scheduleRepository.findPoster(db, filmId);
}

async function refuseTakenTitle(trx: Executor, siteId: string, title: string) {
  const taken = await trx
    .selectFrom('films')
    .select('id')
    .where('site_id', '=', siteId)
    .where('title', '=', title)
    .executeTakeFirst();
  if (taken) throw new AppError('FILM_TITLE_TAKEN', { title });
}

/** A concurrent create with the same title loses on the unique index: the same answer. */
const titleTaken = (title: string) => (error: unknown) => {
  if ((error as { code?: string }).code === '23505')
    throw new AppError('FILM_TITLE_TAKEN', { title });
  throw error;
};

async function readFilm(db: Executor, siteId: string, filmId: string): Promise<ConsoleFilm> {
  const row = await scheduleRepository.findFilmWithPoster(db, siteId, filmId);
  if (!row) throw notFound('Film', '影片');
  return consoleFilmOf(row);
}

function filmColumns(fields: FilmFields) {
  return {
    title: fields.title,
    synopsis: fields.synopsis,
    genres: fields.genres,
    duration_minutes: fields.durationMinutes,
    release_date: fields.releaseDate,
    rating: fields.rating,
    director: fields.director,
    country: fields.country,
    language: fields.language,
    cast_list: JSON.stringify(fields.cast),
  };
}

function fieldsOf(row: Selectable<FilmsTable>): FilmFields {
  return {
    title: row.title,
    synopsis: row.synopsis,
    genres: row.genres,
    durationMinutes: row.duration_minutes,
    releaseDate: row.release_date,
    rating: row.rating === null ? null : Number(row.rating),
    director: row.director,
    country: row.country,
    language: row.language,
    cast: row.cast_list,
  };
}

function consoleFilmOf(row: FilmRow): ConsoleFilm {
  return {
    id: row.id,
    ...fieldsOf(row),
    posterUrl: filmPosterPath(row.id),
    posterVersion: row.poster_sha256 ? row.poster_sha256.slice(0, 16) : null,
  };
}
