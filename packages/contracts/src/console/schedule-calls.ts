import { z } from 'zod';
import { defineCall } from '../call.js';
import { showFormats } from '../calls/cinema.js';
import { consoleDateSchema } from './film-calls.js';

/**
 * The schedule of a cinema (area `schedule`): a week by hall, adding shows (no overlap in a hall,
 * cleaning time included), copying a day or a week, taking a show off sale, cancelling it with
 * refunds. Prices are integer fen; the member price is the spec's `discountPrice`.
 */
const id = z.string().trim().min(1).max(64);

export const showPriceInputSchema = z.object({
  areaId: id,
  priceFen: z.number().int().min(1).max(100_000),
  discountPriceFen: z.number().int().min(1).max(100_000),
});

export const scheduleShowSchema = z.object({
  showId: z.string(),
  filmId: z.string(),
  filmTitle: z.string(),
  hallId: z.string(),
  hallName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** The local date of its start. */
  showDate: z.string(),
  language: z.string(),
  format: z.enum(showFormats),
  isOnSale: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  prices: z.array(
    z.object({ areaId: z.string(), priceFen: z.number(), discountPriceFen: z.number() }),
  ),
  /** Seats of ticketed (not yet used) orders: what a cancellation refunds. */
  ticketedSeats: z.number().int(),
  ticketedOrders: z.number().int(),
});
export type ScheduleShow = z.infer<typeof scheduleShowSchema>;

export const scheduleWeekCall = defineCall({
  method: 'GET',
  path: '/console/schedule/week',
  isSignedIn: true,
  query: z.object({ cinemaId: id, from: consoleDateSchema }),
  answer: z.object({
    cinemaId: z.string(),
    from: z.string(),
    days: z.array(z.string()),
    cleaningMinutes: z.number().int(),
    halls: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** English twins of the names, for English pages (decision 027). */
        nameEn: z.string().nullable(),
        priceAreas: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            nameEn: z.string().nullable(),
            color: z.string(),
          }),
        ),
        shows: z.array(scheduleShowSchema),
      }),
    ),
  }),
});

export const showCreateCall = defineCall({
  method: 'POST',
  path: '/console/shows/create',
  isSignedIn: true,
  body: z.object({
    hallId: id,
    filmId: id,
    /** An ISO instant with its offset (2026-11-30T19:30:00+08:00). */
    startAt: z.string().datetime({ offset: true }),
    language: z.string().trim().min(1).max(20),
    format: z.enum(showFormats),
    prices: z.array(showPriceInputSchema).min(1).max(20),
  }),
  answer: scheduleShowSchema,
});

/** The most days one copy reaches, from its first target date to `untilDate`. */
export const SHOW_COPY_MAX_DAYS = 35;

/**
 * Copy the shows of a day (or a week) from `fromDate` to `toDate`, and again every day (every
 * week) after it up to `untilDate` (none: only `toDate`). `isPreview` answers what would be
 * created and skipped without creating anything.
 */
export const showCopyCall = defineCall({
  method: 'POST',
  path: '/console/shows/copy',
  isSignedIn: true,
  body: z.object({
    cinemaId: id,
    fromDate: consoleDateSchema,
    toDate: consoleDateSchema,
    untilDate: consoleDateSchema.optional(),
    days: z.union([z.literal(1), z.literal(7)]),
    isPreview: z.boolean().default(false),
  }),
  answer: z.object({
    isPreview: z.boolean(),
    /** The shows made (in a preview: that would be made, with ids that will not last). */
    copied: z.array(scheduleShowSchema),
    skipped: z.array(
      z.object({
        fromShowId: z.string(),
        filmTitle: z.string(),
        hallName: z.string(),
        startAt: z.string(),
        /** Why, in the caller's language ("与 18:00《…》重叠", "already started"). */
        reason: z.string(),
      }),
    ),
  }),
});

export const showOffSaleCall = defineCall({
  method: 'POST',
  path: '/console/shows/offSale',
  isSignedIn: true,
  body: z.object({ showId: id }),
  answer: scheduleShowSchema,
});

export const showCancelCall = defineCall({
  method: 'POST',
  path: '/console/shows/cancel',
  isSignedIn: true,
  body: z.object({ showId: id, reason: z.string().trim().min(2).max(100) }),
  answer: z.object({
    show: scheduleShowSchema,
    /** Ticketed orders refunded by this call (a re-run counts only what it finished). */
    refundedOrders: z.number().int(),
    refundedSeats: z.number().int(),
    /** Unpaid holds of the show released. */
    releasedOrders: z.number().int(),
    /** WeChat refunds asked for but not confirmed yet (the payment sweep retries them). */
    pendingWechatRefunds: z.number().int(),
  }),
});

/**
 * Change a scheduled show that is not cancelled and has not started: its start time (the overlap
 * rule applies: SHOW_OVERLAP), or put it back on sale after 停售. A start moved by more than 15 minutes lets its buyers refund past the cutoff.
 * Each change writes the audit log and queues a `showChanged` message to every buyer.
 */
export const showEditCall = defineCall({
  method: 'POST',
  path: '/console/shows/edit',
  isSignedIn: true,
  body: z
    .object({
      showId: id,
      startAt: z.string().datetime({ offset: true }).optional(),
      isOnSale: z.literal(true).optional(),
      /** What the buyers read about why (optional). */
      reason: z.string().trim().max(60).optional(),
    })
    .refine((body) => body.startAt || body.isOnSale, {
      message: 'Give a new start time or isOnSale',
    }),
  answer: z.object({
    show: scheduleShowSchema,
    /** Buyers' orders a message was queued for by this change. */
    notifiedOrders: z.number().int(),
    /** True when the start moved by more than 15 minutes: buyers may refund past the cutoff. */
    isRefundCutoffWaived: z.boolean(),
  }),
});

/** A start moved by more than this lets the show's buyers refund past the cutoff. */
export const REFUND_FREE_SHIFT_MINUTES = 15;

export const showNoticeSchema = z.object({
  noticeId: z.string(),
  orderNo: z.string(),
  /** The buyer's bound phone, masked (138****1234); null: none bound. */
  phone: z.string().nullable(),
  kind: z.string(),
  /** What changed, for a show's change; null for the other notices (paid, refunded, …). */
  change: z.string().nullable(),
  text: z.string(),
  /** WeChat subscription notice: pending, sending, sent, refused, failed or skipped. */
  wechat: z.string(),
  /** The SMS copy: pending, sent, failed or skipped; null: this notice is not texted. */
  sms: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ShowNotice = z.infer<typeof showNoticeSchema>;

/** The messages to the buyers of one show, newest first, and how far each got. */
export const showNoticesCall = defineCall({
  method: 'GET',
  path: '/console/shows/notices',
  isSignedIn: true,
  query: z.object({ showId: id }),
  answer: z.object({ list: z.array(showNoticeSchema) }),
});

/** Send one message again (WeChat where subscribed, and its SMS copy). */
export const showNoticeResendCall = defineCall({
  method: 'POST',
  path: '/console/shows/notices/resend',
  isSignedIn: true,
  body: z.object({ showId: id, noticeId: id }),
  answer: showNoticeSchema,
});
