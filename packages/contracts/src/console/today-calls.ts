import { z } from 'zod';
import { defineCall } from '../call.js';
import { advanceDaySchema, salesChannelSchema } from './report-calls.js';

/**
 * Today at a glance (`GET /api/console/today`), the console's home: today's sales by channel, the
 * shows still to come today and how full they are, advance sales of the next days, goods running
 * low. Owners see every cinema of the site (or the one named), managers and cashiers theirs.
 * "Today" is the local calendar day (Asia/Shanghai), as in the reports, so both show one figure.
 */

/** Days of advance sales the home shows: tomorrow and the six days after it. */
export const TODAY_ADVANCE_DAYS = 7;

export const todayQuerySchema = z.object({
  /** One cinema; without it the caller's scope (owners: every cinema of the site). */
  cinemaId: z.string().uuid().optional(),
});
export type TodayQuery = z.infer<typeof todayQuerySchema>;

export const todayShowSchema = z.object({
  showId: z.string(),
  startAt: z.string(),
  cinemaName: z.string(),
  hallName: z.string(),
  filmTitle: z.string(),
  seatsSold: z.number().int(),
  seatsForSale: z.number().int(),
  /** seatsSold / seatsForSale in percent, one decimal. */
  percent: z.number(),
});
export type TodayShow = z.infer<typeof todayShowSchema>;

/** A cashier's shift open now: who, where, since when. */
export const todayOpenShiftSchema = z.object({
  shiftId: z.string(),
  staffName: z.string(),
  cinemaName: z.string(),
  /** When it was opened (an instant; pages show it in cinema time). */
  openedAt: z.string(),
  /** The business day it was opened in, YYYY-MM-DD. */
  businessDate: z.string(),
});
export type TodayOpenShift = z.infer<typeof todayOpenShiftSchema>;

export const todaySchema = z.object({
  /** Today's local date, YYYY-MM-DD. */
  date: z.string(),
  /** When the figures were read. */
  asOf: z.string(),
  cinemas: z.array(z.object({ id: z.string(), name: z.string() })),
  sales: z.object({
    /** Both channels, always. */
    channels: z.array(salesChannelSchema),
    /** Tickets sold today (both channels). */
    ticketCount: z.number().int(),
    /** Sales today net of today's refunds (both channels), fen. */
    netFen: z.number().int(),
  }),
  /** Shows of today not started yet (not cancelled), earliest first, and their total. */
  upcoming: z.object({
    shows: z.array(todayShowSchema),
    seatsSold: z.number().int(),
    seatsForSale: z.number().int(),
    percent: z.number(),
  }),
  /** Tomorrow and the days after it, each (zero when no show). */
  advance: z.array(advanceDaySchema),
  /**
   * On-sale goods variants at the cinemas shown with no more units than their reorder level
   * there (decision 050), fewest first.
   */
  lowStock: z.object({
    variants: z.array(
      z.object({
        goodsId: z.string(),
        goodsName: z.string(),
        variantId: z.string(),
        variantName: z.string(),
        cinemaId: z.string(),
        cinemaName: z.string(),
        reorderLevel: z.number().int(),
        stock: z.number().int(),
      }),
    ),
  }),
  /**
   * Shifts open now at the cinemas in scope, longest open first, for owners and managers; null for
   * cashiers (the till shows them their own).
   */
  openShifts: z.array(todayOpenShiftSchema).nullable(),
});
export type Today = z.infer<typeof todaySchema>;

export const todayCall = defineCall({
  method: 'GET',
  path: '/console/today',
  isSignedIn: true,
  query: todayQuerySchema,
  answer: todaySchema,
});
