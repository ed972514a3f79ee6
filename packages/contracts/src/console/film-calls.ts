import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * Films of the site as staff manage them (area `films`): the list, create, update, and a poster
 * upload. Films are per site, not per cinema.
 */

/** Poster uploads: these types only, recognised by their first bytes, at most 2 MB. */
export const POSTER_MAX_BYTES = 2 * 1024 * 1024;
export const posterContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PosterContentType = (typeof posterContentTypes)[number];

/** The content type a file's first bytes say it is, or null (not PNG, JPEG or WebP). */
export function posterTypeOf(bytes: Uint8Array): PosterContentType | null {
  const starts = (...signature: number[]) => signature.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};
export const consoleDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine(isRealDate, 'not a calendar date');

const castMemberSchema = z.object({
  name: z.string().trim().min(1).max(40),
  role: z.string().trim().max(40).default(''),
});

/** What staff type for a film; the server checks it all again. */
export const filmFieldsSchema = z.object({
  title: z.string().trim().min(1).max(60),
  synopsis: z.string().trim().max(2000).default(''),
  genres: z
    .array(z.string().trim().min(1).max(12))
    .max(6)
    .refine((genres) => new Set(genres).size === genres.length, 'a genre is listed twice'),
  durationMinutes: z.number().int().min(1).max(600),
  releaseDate: consoleDateSchema,
  /** 0–10 with at most one decimal, or null (not rated yet). */
  rating: z
    .number()
    .min(0)
    .max(10)
    .refine((value) => Math.round(value * 10) === value * 10, 'one decimal at most')
    .nullable(),
  director: z.string().trim().max(60).default(''),
  country: z.string().trim().max(40).default(''),
  language: z.string().trim().max(20).default(''),
  cast: z.array(castMemberSchema).max(30).default([]),
});
export type FilmFields = z.input<typeof filmFieldsSchema>;

export const consoleFilmSchema = z.object({
  id: z.string(),
  title: z.string(),
  synopsis: z.string(),
  genres: z.array(z.string()),
  durationMinutes: z.number().int(),
  releaseDate: z.string(),
  rating: z.number().nullable(),
  director: z.string(),
  country: z.string(),
  language: z.string(),
  cast: z.array(z.object({ name: z.string(), role: z.string() })),
  /** The moviegoers' poster URL (an uploaded poster, else the drawn SVG). */
  posterUrl: z.string(),
  /** Changes with each upload (null: the drawn SVG), for cache-busting previews. */
  posterVersion: z.string().nullable(),
});
export type ConsoleFilm = z.infer<typeof consoleFilmSchema>;

export const consoleFilmListCall = defineCall({
  method: 'GET',
  path: '/console/films/list',
  isSignedIn: true,
  answer: z.object({ list: z.array(consoleFilmSchema) }),
});

export const consoleFilmCreateCall = defineCall({
  method: 'POST',
  path: '/console/films/create',
  isSignedIn: true,
  body: filmFieldsSchema,
  answer: consoleFilmSchema,
});

export const consoleFilmUpdateCall = defineCall({
  method: 'POST',
  path: '/console/films/update',
  isSignedIn: true,
  body: filmFieldsSchema.extend({ id: z.string().trim().min(1).max(64) }),
  answer: consoleFilmSchema,
});

export const consoleFilmPosterCall = defineCall({
  method: 'POST',
  path: '/console/films/poster',
  isSignedIn: true,
  body: z.object({
    filmId: z.string().trim().min(1).max(64),
    /** The file, base64 (no `data:` prefix); its type is read from its bytes, not declared. */
    dataBase64: z
      .string()
      .min(1)
      .max(POSTER_MAX_BYTES * 2),
  }),
  answer: consoleFilmSchema,
});
