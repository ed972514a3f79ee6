import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  IMAGE_MAX_BYTES,
  imageContentTypes,
  imageDataBase64Schema,
  imageTypeOf,
  type ImageContentType,
} from './image-upload-rules.js';

/**
 * Films of the site as staff manage them (area `films`): the list, create, update, and a poster
 * upload. Films are per site, not per cinema.
 */

/** Poster uploads follow the shared image rules (PNG, JPEG or WebP by their first bytes, ≤ 2 MB). */
export const POSTER_MAX_BYTES = IMAGE_MAX_BYTES;
export const posterContentTypes = imageContentTypes;
export type PosterContentType = ImageContentType;
export const posterTypeOf = imageTypeOf;

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
    dataBase64: imageDataBase64Schema,
  }),
  answer: consoleFilmSchema,
});
