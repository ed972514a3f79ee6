import { z } from 'zod';
import { defineCall } from '../call.js';
import { orderStatuses } from '../rules/order-status.js';

/**
 * Check-in at the door (a ticket) or the counter (a pickup): the cashier scans the QR code or
 * types the code; the console shows what it is, and marks it used in one tap. A code is used at
 * most once: a second scan answers who used it and when.
 */

/**
 * Why a code cannot be used now (answered in `problem` by lookup; by use as CHECKIN_REFUSED, or
 * CHECKIN_TOO_EARLY / CHECKIN_TOO_LATE outside the door's admit window of the site's settings).
 */
export const checkInProblems = [
  'otherSite',
  'otherCinema',
  'otherDay',
  'showEnded',
  'tooEarly',
  'tooLate',
  'refunded',
  'unpaid',
  'alreadyUsed',
] as const;
export type CheckInProblem = (typeof checkInProblems)[number];

export const checkInViewSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  kind: z.enum(['film', 'store']),
  status: z.enum(orderStatuses),
  code: z.string(),
  /** The buyer's phone, masked (138****8000), for the counter to call. */
  phoneMasked: z.string().nullable(),
  cinemaId: z.string().nullable(),
  cinemaName: z.string().nullable(),
  film: z
    .object({
      filmTitle: z.string(),
      hallName: z.string(),
      startAt: z.string(),
      endAt: z.string(),
      language: z.string(),
      format: z.string(),
      seats: z.array(z.string()),
    })
    .nullable(),
  store: z
    .object({
      items: z.array(
        z.object({ goodsName: z.string(), goodsInfoName: z.string(), quantity: z.number() }),
      ),
    })
    .nullable(),
  usedAt: z.string().nullable(),
  usedBy: z.string().nullable(),
  /** Null when it can be used now. */
  problem: z.enum(checkInProblems).nullable(),
  /** What the problem means, in the caller's language (the same words CHECKIN_REFUSED uses). */
  problemText: z.string().nullable(),
});
export type CheckInView = z.infer<typeof checkInViewSchema>;

/** A scanned QR text or a typed ticket/pickup code (spaces and dashes allowed). */
const scannedBody = z.object({ code: z.string().trim().min(1).max(200) });

export const checkInLookupCall = defineCall({
  method: 'POST',
  path: '/console/checkin/lookup',
  isSignedIn: true,
  body: scannedBody,
  answer: checkInViewSchema,
});

export const checkInUseCall = defineCall({
  method: 'POST',
  path: '/console/checkin/use',
  isSignedIn: true,
  body: scannedBody,
  answer: checkInViewSchema,
});

/** The longest the door may open before a show, and stay open after its start, in minutes. */
export const ADMIT_BEFORE_MAX_MINUTES = 240;
export const ADMIT_AFTER_MAX_MINUTES = 120;

/**
 * The door's admit window (a site setting, decision 044): a ticket is admitted from
 * `admitBeforeMinutes` before its show starts until `admitAfterMinutes` after. Whole minutes.
 */
export const admitWindowSchema = z.object({
  admitBeforeMinutes: z.number().int().min(0).max(ADMIT_BEFORE_MAX_MINUTES),
  admitAfterMinutes: z.number().int().min(0).max(ADMIT_AFTER_MAX_MINUTES),
});
export type AdmitWindow = z.infer<typeof admitWindowSchema>;

export const admitWindowCall = defineCall({
  method: 'GET',
  path: '/console/checkin/admit-window',
  isSignedIn: true,
  answer: admitWindowSchema,
});

export const admitWindowSaveCall = defineCall({
  method: 'POST',
  path: '/console/checkin/admit-window',
  isSignedIn: true,
  body: admitWindowSchema,
  answer: admitWindowSchema,
});
