import { z } from 'zod';
import { defineCall } from '../call.js';
import { englishNameSchema } from '../rules/english-names.js';
import { hallLayoutSchema } from './hall-layout-rules.js';

/**
 * Cinemas and halls as staff keep them (area `cinemas`): owners create cinemas, owners and the
 * managers of a cinema edit it and its halls. Saving a hall's seat layout makes a new version;
 * shows keep the version they were scheduled with (decision 016).
 */
const id = z.string().trim().min(1).max(64);

/** What staff type for a cinema; coordinates are gcj02 (what Chinese maps show). */
export const cinemaFieldsSchema = z.object({
  name: z.string().trim().min(2).max(40),
  /** Optional English name and address for English pages; none: the Chinese ones (decision 027). */
  nameEn: englishNameSchema(80),
  address: z.string().trim().min(4).max(120),
  addressEn: englishNameSchema(200),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{5,20}$/, 'digits, spaces, + - ( ) only, 5–20'),
  latitude: z.number().min(3).max(54),
  longitude: z.number().min(73).max(136),
  tags: z
    .array(z.string().trim().min(1).max(12))
    .max(10)
    .refine((tags) => new Set(tags).size === tags.length, 'a tag is listed twice'),
});
export type CinemaFields = z.input<typeof cinemaFieldsSchema>;

export const consoleCinemaSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  address: z.string(),
  addressEn: z.string().nullable(),
  phone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  tags: z.array(z.string()),
  hallCount: z.number().int(),
});
export type ConsoleCinema = z.infer<typeof consoleCinemaSchema>;

export const consoleCinemaListCall = defineCall({
  method: 'GET',
  path: '/console/cinemas/list',
  isSignedIn: true,
  answer: z.object({
    cinemas: z.array(consoleCinemaSchema),
    /** Whether the caller may create cinemas (owners). */
    canCreate: z.boolean(),
  }),
});

export const consoleCinemaCreateCall = defineCall({
  method: 'POST',
  path: '/console/cinemas/create',
  isSignedIn: true,
  body: cinemaFieldsSchema,
  answer: consoleCinemaSchema,
});

export const consoleCinemaUpdateCall = defineCall({
  method: 'POST',
  path: '/console/cinemas/update',
  isSignedIn: true,
  body: cinemaFieldsSchema.extend({ cinemaId: id }),
  answer: consoleCinemaSchema,
});

export const consoleHallSchema = z.object({
  id: z.string(),
  cinemaId: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  /** The current layout's version (1, 2, …) and size. */
  layoutVersion: z.number().int(),
  columns: z.number().int(),
  rowCount: z.number().int(),
  /** Seats for sale in the current layout. */
  seatCount: z.number().int(),
});
export type ConsoleHall = z.infer<typeof consoleHallSchema>;

const hallName = z.string().trim().min(1).max(20);
const hallNameEn = englishNameSchema(40);

export const consoleHallListCall = defineCall({
  method: 'GET',
  path: '/console/halls/list',
  isSignedIn: true,
  query: z.object({ cinemaId: id }),
  answer: z.object({ halls: z.array(consoleHallSchema) }),
});

export const consoleHallLayoutCall = defineCall({
  method: 'GET',
  path: '/console/halls/layout',
  isSignedIn: true,
  query: z.object({ hallId: id }),
  answer: z.object({
    hall: consoleHallSchema,
    layout: hallLayoutSchema,
    /** Shows scheduled on the current version (they keep it whatever is saved next). */
    showsOnVersion: z.number().int(),
  }),
});

export const consoleHallCreateCall = defineCall({
  method: 'POST',
  path: '/console/halls/create',
  isSignedIn: true,
  body: z.object({ cinemaId: id, name: hallName, nameEn: hallNameEn, layout: hallLayoutSchema }),
  answer: consoleHallSchema,
});

export const consoleHallRenameCall = defineCall({
  method: 'POST',
  path: '/console/halls/rename',
  isSignedIn: true,
  /** `nameEn` left out keeps the English name; null or '' clears it. */
  body: z.object({ hallId: id, name: hallName, nameEn: hallNameEn }),
  answer: consoleHallSchema,
});

export const consoleHallLayoutSaveCall = defineCall({
  method: 'POST',
  path: '/console/halls/saveLayout',
  isSignedIn: true,
  body: z.object({
    hallId: id,
    /** The version the editor started from: saving over a newer one is refused. */
    baseVersion: z.number().int().min(1),
    layout: hallLayoutSchema,
  }),
  answer: consoleHallSchema,
});
