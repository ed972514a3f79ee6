import { z } from 'zod';
import { showHeats } from '../rules/show-heat.js';
import { defineCall, pageAnswer, pageQuery } from '../call.js';
import { idSchema as id } from '../fields.js';

/**
 * Discovery calls: cinemas, films, shows and a show's seat map. Coordinates are gcj02 (spec §9);
 * calendar dates are `YYYY-MM-DD` in the cinema's local time (Asia/Shanghai); instants are ISO
 * strings. Prices are yuan with 2 decimals (`price` the standard price, `discountPrice` the member
 * price, spec §3); the server keeps integer fen.
 */

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);
export const showDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');

/** Where the visitor is (gcj02), when the browser shared it; both or neither. */
const nearQuery = z.object({ lat: latitude.optional(), lng: longitude.optional() });

export const showFormats = ['2D', '3D', 'IMAX'] as const;
export type ShowFormat = (typeof showFormats)[number];
export const filmStatuses = ['showing', 'coming'] as const;
export type FilmStatus = (typeof filmStatuses)[number];
export const seatKinds = [
  'normal',
  'couple-left',
  'couple-right',
  'wheelchair',
  'unavailable',
] as const;
export type SeatKind = (typeof seatKinds)[number];
export const seatStates = ['available', 'held', 'sold', 'unavailable'] as const;
export type SeatState = (typeof seatStates)[number];

export const cinemaSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Services and features, shown as tags: IMAX, 杜比全景声, 停车场, 儿童优惠 … */
  tags: z.array(z.string()),
  /** Straight-line distance from the visitor's lat/lng; null when none was sent. */
  distanceMeters: z.number().int().nullable(),
  /** The lowest member price (yuan) of the cinema's coming shows; null when it has none. */
  minPrice: z.number().nullable(),
});
export type CinemaSummary = z.infer<typeof cinemaSummarySchema>;

export const filmSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  posterUrl: z.string(),
  genres: z.array(z.string()),
  durationMinutes: z.number().int(),
  /** YYYY-MM-DD */
  releaseDate: z.string(),
  /** Out of 10, one decimal; null before release. */
  rating: z.number().nullable(),
  status: z.enum(filmStatuses),
});
export type FilmSummary = z.infer<typeof filmSummarySchema>;

export const filmDetailSchema = filmSummarySchema.extend({
  synopsis: z.string(),
  director: z.string(),
  cast: z.array(z.object({ name: z.string(), role: z.string() })),
  country: z.string(),
  language: z.string(),
  /** Dates (from today, up to 7 days) on which this film has shows in this site's cinemas. */
  showDates: z.array(z.string()),
});
export type FilmDetail = z.infer<typeof filmDetailSchema>;

/** One show as listed under a cinema or a film. */
export const showSummarySchema = z.object({
  showId: z.string(),
  filmId: z.string(),
  cinemaId: z.string(),
  hallId: z.string(),
  hallName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  language: z.string(),
  format: z.enum(showFormats),
  /** Lowest standard and member price over the show's price areas, in yuan. */
  price: z.number(),
  discountPrice: z.number(),
  /**
   * Seats still free (not held, not sold, for sale) and how full that is (`showHeatOf`): the show
   * lists say 紧张 or 售罄. Counted for a whole list in one query.
   */
  seatsLeft: z.number().int().optional(),
  heat: z.enum(showHeats).optional(),
});
export type ShowSummary = z.infer<typeof showSummarySchema>;

/** Spec §3's cinemaInfo, as the client's film order stores it. */
export const cinemaInfoSchema = z.object({
  cinemaId: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type CinemaInfo = z.infer<typeof cinemaInfoSchema>;

/** Spec §3's showInfo (has showId), as the client's film order stores it. */
export const showInfoSchema = z.object({
  showId: z.string(),
  filmId: z.string(),
  filmTitle: z.string(),
  posterUrl: z.string(),
  cinemaId: z.string(),
  hallId: z.string(),
  hallName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  language: z.string(),
  format: z.enum(showFormats),
});
export type ShowInfo = z.infer<typeof showInfoSchema>;

export const priceAreaSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Standard price, yuan. */
  price: z.number(),
  /** Member price, yuan (spec §3). */
  discountPrice: z.number(),
  /** A CSS colour for the legend and the seats of this area. */
  color: z.string(),
});
export type PriceArea = z.infer<typeof priceAreaSchema>;

export const seatSchema = z.object({
  id: z.string(),
  /** The row's label, as printed in the hall ("C"). */
  row: z.string(),
  /** The seat's number in its row, as printed in the hall. */
  col: z.number().int(),
  /** Grid position: x from the left wall as the audience faces the screen, y from the screen. */
  x: z.number().int(),
  y: z.number().int(),
  kind: z.enum(seatKinds),
  areaId: z.string().nullable(),
  /** Row and number: "C7". */
  label: z.string(),
  state: z.enum(seatStates),
});
export type Seat = z.infer<typeof seatSchema>;

export const seatRowSchema = z.object({
  label: z.string(),
  y: z.number().int(),
  /** Sorted by x; a gap in x is an aisle. */
  seats: z.array(seatSchema),
});
export type SeatRow = z.infer<typeof seatRowSchema>;

export const cinemaListCall = defineCall({
  method: 'GET',
  path: '/cinema/list',
  isSignedIn: false,
  query: pageQuery.extend({
    ...nearQuery.shape,
    /** Matches name or address (used by /cinema/search). */
    keyword: z.string().trim().max(50).optional(),
  }),
  answer: pageAnswer(cinemaSummarySchema),
});

export const cinemaDetailCall = defineCall({
  method: 'GET',
  path: '/cinema/detail',
  isSignedIn: false,
  query: z.object({ cinemaId: id, ...nearQuery.shape }),
  answer: z.object({
    cinema: cinemaSummarySchema,
    halls: z.array(z.object({ id: z.string(), name: z.string(), seatCount: z.number().int() })),
    /** Dates (from today, up to 7 days) that have shows, ascending. */
    showDates: z.array(z.string()),
  }),
});

export const cinemaShowsCall = defineCall({
  method: 'GET',
  path: '/cinema/shows',
  isSignedIn: false,
  query: z.object({ cinemaId: id, date: showDateSchema }),
  answer: z.object({
    date: z.string(),
    /** Films with shows that day, each with its shows by start time; shows already started are left out. */
    films: z.array(z.object({ film: filmSummarySchema, shows: z.array(showSummarySchema) })),
  }),
});

export const filmListCall = defineCall({
  method: 'GET',
  path: '/film/list',
  isSignedIn: false,
  query: z.object({ status: z.enum(filmStatuses).default('showing') }),
  /** showing: by rating, best first; coming: by release date, soonest first. */
  answer: z.object({ list: z.array(filmSummarySchema) }),
});

export const filmDetailCall = defineCall({
  method: 'GET',
  path: '/film/detail',
  isSignedIn: false,
  query: z.object({ filmId: id }),
  answer: filmDetailSchema,
});

export const filmShowsCall = defineCall({
  method: 'GET',
  path: '/film/shows',
  isSignedIn: false,
  query: z.object({ filmId: id, date: showDateSchema, ...nearQuery.shape }),
  answer: z.object({
    date: z.string(),
    /** By distance when lat/lng were sent, else by name. */
    cinemas: z.array(z.object({ cinema: cinemaSummarySchema, shows: z.array(showSummarySchema) })),
  }),
});

export const showSeatsCall = defineCall({
  method: 'GET',
  path: '/show/seats',
  isSignedIn: false,
  query: z.object({ showId: id }),
  answer: z.object({
    showInfo: showInfoSchema,
    cinemaInfo: cinemaInfoSchema,
    priceAreas: z.array(priceAreaSchema),
    /** Grid size: x runs 0..columns-1, y runs 0..rowCount-1. */
    columns: z.number().int(),
    rowCount: z.number().int(),
    rows: z.array(seatRowSchema),
    maxSeatsPerOrder: z.number().int(),
    holdMinutes: z.number().int(),
    /** Server time of this snapshot, for countdowns that must not trust the phone's clock. */
    serverTime: z.string(),
  }),
});

/** The poster image of a film (SVG made locally). Not a JSON call: `GET /api/film/poster/:filmId.svg`. */
export const filmPosterPath = (filmId: string): string => `/api/film/poster/${filmId}.svg`;
