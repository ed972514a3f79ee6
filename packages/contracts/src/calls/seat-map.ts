import { z } from 'zod';
import { defineCall } from '../call.js';
import { availabilityCodes, layoutSeatKindCodes } from '../rules/seat-availability.js';
import { cinemaInfoSchema, priceAreaSchema, showInfoSchema } from './cinema.js';

/**
 * The seat map in two parts, so a busy show's map is cheap to serve and small to send
 * (docs/api.md, decision 002):
 * - the layout (`/show/layout`): everything that does not change while people choose, cached by
 *   the server and by clients (ETag `layoutVersion`, answered 304 when unchanged);
 * - the availability (`/show/availability`): one short string per row, a few hundred bytes,
 *   with a `version` that grows with every change of the show's seats;
 * - changes as they happen (`/show/availability/stream`, Server-Sent Events, not enveloped).
 * Seats are addressed by their label ("C7", the row's label and the seat's number).
 */

const id = z.string().trim().min(1).max(64);

/**
 * One seat: `[x, col, kind, area]`: grid position from the left wall, number in its row, kind
 * code (`n` normal, `l`/`r` couple left/right, `w` wheelchair, `u` not for sale), index into
 * `priceAreas` (-1 for `u`). A fifth element is the label when it is not row label + col.
 */
export const layoutSeatSchema = z.union([
  z.tuple([z.number().int(), z.number().int(), z.enum(layoutSeatKindCodes), z.number().int()]),
  z.tuple([
    z.number().int(),
    z.number().int(),
    z.enum(layoutSeatKindCodes),
    z.number().int(),
    z.string(),
  ]),
]);
export type LayoutSeat = z.infer<typeof layoutSeatSchema>;

export const showLayoutSchema = z.object({
  /** Changes whenever anything below changes; also the answer's ETag. */
  layoutVersion: z.string(),
  showInfo: showInfoSchema,
  cinemaInfo: cinemaInfoSchema,
  priceAreas: z.array(priceAreaSchema),
  columns: z.number().int(),
  rowCount: z.number().int(),
  /** Rows by y (0 nearest the screen), seats by x; availability strings follow this order. */
  rows: z.array(
    z.object({ label: z.string(), y: z.number().int(), seats: z.array(layoutSeatSchema) }),
  ),
  maxSeatsPerOrder: z.number().int(),
  holdMinutes: z.number().int(),
});
export type ShowLayout = z.infer<typeof showLayoutSchema>;

export const showLayoutCall = defineCall({
  method: 'GET',
  path: '/show/layout',
  isSignedIn: false,
  query: z.object({ showId: id }),
  answer: showLayoutSchema,
});

export const showAvailabilitySchema = z.object({
  showId: z.string(),
  /** Grows with every change of the show's seats; events of the stream carry it too. */
  version: z.number().int(),
  /** The layout these strings follow. */
  layoutVersion: z.string(),
  /**
   * One string per layout row, one character per seat in the row's order: `A` available,
   * `H` held, `S` sold, `X` not for sale.
   */
  rows: z.array(z.string().regex(new RegExp(`^[${availabilityCodes.join('')}]*$`))),
  serverTime: z.string(),
});
export type ShowAvailability = z.infer<typeof showAvailabilitySchema>;

export const showAvailabilityCall = defineCall({
  method: 'GET',
  path: '/show/availability',
  isSignedIn: false,
  query: z.object({ showId: id }),
  answer: showAvailabilitySchema,
});

/**
 * The path under `/api` of the Server-Sent Events stream of a show's seat changes (not
 * enveloped). EventSource cannot send headers, so the site goes as a query parameter.
 */
export const availabilityStreamPath = (showId: string, site: string): string =>
  `/show/availability/stream?showId=${encodeURIComponent(showId)}&site=${encodeURIComponent(site)}`;

/**
 * `event: seats` of the stream: the show's new availability version and the seats that changed,
 * by id and label, with their state now. `changes` is null when too many changed at once: read
 * `/show/availability` then. `event: ready` (on connect) carries `{ showId, version }` only.
 */
export const seatChangeEventSchema = z.object({
  showId: z.string(),
  version: z.number().int(),
  changes: z
    .array(
      z.object({ id: z.string(), label: z.string(), state: z.enum(['available', 'held', 'sold']) }),
    )
    .nullable(),
});
export type SeatChangeEvent = z.infer<typeof seatChangeEventSchema>;
