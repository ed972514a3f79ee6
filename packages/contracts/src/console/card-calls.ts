import { z } from 'zod';
import { defineCall } from '../call.js';
import { cardLedgerKinds } from '../calls/card-records.js';
import { consoleDateSchema } from './film-calls.js';

/**
 * Cards in the console (`/api/console/cards/...`, area `cards`): card types, batches of top-up
 * cards (vouchers) with their one-time CSV, voiding, and balance adjustments written to the card
 * ledger. Money is integer fen.
 */

/** What a card of a type pays for: the word a card's `cardTypeList` holds ('general': anything). */
export const cardPaysFor = ['film', 'goods', 'general'] as const;
export type CardPaysFor = (typeof cardPaysFor)[number];

/** The most cards one batch issues, and the highest face value of one card (100 000 yuan). */
export const VOUCHER_BATCH_MAX_CARDS = 1000;
export const VOUCHER_MAX_FACE_FEN = 10_000_000;
/** The largest single adjustment either way (100 000 yuan): a typo of extra zeros is refused. */
export const CARD_ADJUST_MAX_FEN = 10_000_000;

export const consoleCardTypeSchema = z.object({
  /** Stable code the vouchers and the moviegoers' `allTypeList` use. */
  code: z.string(),
  name: z.string(),
  paysFor: z.enum(cardPaysFor),
  isOnSale: z.boolean(),
  sortOrder: z.number().int(),
});
export type ConsoleCardType = z.infer<typeof consoleCardTypeSchema>;

const cardTypeFields = {
  name: z.string().trim().min(1).max(20),
  isOnSale: z.boolean(),
  sortOrder: z.number().int().min(0).max(999),
};

export const cardTypeCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,23}$/, 'a code is 2 to 24 lower-case letters, digits or -');

export const cardTypeListCall = defineCall({
  method: 'GET',
  path: '/console/cards/types',
  isSignedIn: true,
  answer: z.object({ list: z.array(consoleCardTypeSchema) }),
});

export const cardTypeCreateCall = defineCall({
  method: 'POST',
  path: '/console/cards/types/create',
  isSignedIn: true,
  body: z.object({ code: cardTypeCodeSchema, paysFor: z.enum(cardPaysFor), ...cardTypeFields }),
  answer: consoleCardTypeSchema,
});

/** What a type pays for is fixed once created: the cards already opened carry it. */
export const cardTypeUpdateCall = defineCall({
  method: 'POST',
  path: '/console/cards/types/update',
  isSignedIn: true,
  body: z.object({ code: z.string().trim().min(1).max(24), ...cardTypeFields }),
  answer: consoleCardTypeSchema,
});

export const voucherBatchSchema = z.object({
  id: z.string(),
  batchNo: z.number().int(),
  cardType: z.string(),
  cardTypeName: z.string(),
  amountFen: z.number().int(),
  cardCount: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  unusedCount: z.number().int(),
  redeemedCount: z.number().int(),
  voidedCount: z.number().int(),
  /** Unused cards past their expiry (also counted in unusedCount). */
  expiredCount: z.number().int(),
  /** When and by whom the CSV was downloaded (null: not yet; it can be downloaded once). */
  downloadedAt: z.string().nullable(),
  downloadedBy: z.string().nullable(),
});
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

export const voucherBatchListCall = defineCall({
  method: 'GET',
  path: '/console/cards/batches',
  isSignedIn: true,
  answer: z.object({ list: z.array(voucherBatchSchema) }),
});

export const voucherBatchIssueCall = defineCall({
  method: 'POST',
  path: '/console/cards/batches/issue',
  isSignedIn: true,
  body: z.object({
    cardType: z.string().trim().min(1).max(24),
    count: z.number().int().min(1).max(VOUCHER_BATCH_MAX_CARDS),
    amountFen: z.number().int().min(1).max(VOUCHER_MAX_FACE_FEN),
    /** The last local day (Asia/Shanghai) the cards can be redeemed. */
    expiresOn: consoleDateSchema,
  }),
  answer: voucherBatchSchema,
});

/** The CSV of a batch (number,password,value,expiry), once: `GET voucherBatchCsvPath?batchId=`. */
export const voucherBatchCsvCall = defineCall({
  method: 'GET',
  path: '/console/cards/batches/csv',
  isSignedIn: true,
  query: z.object({ batchId: z.string().trim().min(1).max(64) }),
  answer: z.unknown(),
});
export const voucherBatchCsvPath = '/console/cards/batches/csv';

export const voucherBatchVoidCall = defineCall({
  method: 'POST',
  path: '/console/cards/batches/void',
  isSignedIn: true,
  body: z.object({ batchId: z.string().trim().min(1).max(64) }),
  answer: z.object({ voidedCount: z.number().int(), batch: voucherBatchSchema }),
});

export const voucherVoidCall = defineCall({
  method: 'POST',
  path: '/console/cards/vouchers/void',
  isSignedIn: true,
  body: z.object({
    cardNo: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, '6 to 20 digits'),
  }),
  answer: z.object({ cardNo: z.string(), voidedAt: z.string() }),
});

export const consoleCardLedgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(cardLedgerKinds),
  amountFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});

export const consoleCardSchema = z.object({
  id: z.string(),
  cardNo: z.string(),
  name: z.string(),
  cardTypeList: z.array(z.string()),
  balanceFen: z.number().int(),
  /** The sum of the card's ledger rows: always equal to balanceFen. */
  ledgerFen: z.number().int(),
  owner: z.object({ nickname: z.string(), phone: z.string().nullable() }),
  /** The latest ledger rows, newest first. */
  recentLedger: z.array(consoleCardLedgerRowSchema),
});
export type ConsoleCard = z.infer<typeof consoleCardSchema>;

export const cardFindCall = defineCall({
  method: 'GET',
  path: '/console/cards/find',
  isSignedIn: true,
  /** A card number, or the moviegoer's phone number (every card of theirs). */
  query: z.object({
    q: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'a card number or phone number'),
  }),
  answer: z.object({ list: z.array(consoleCardSchema) }),
});

export const cardAdjustCall = defineCall({
  method: 'POST',
  path: '/console/cards/adjust',
  isSignedIn: true,
  body: z.object({
    cardId: z.string().trim().min(1).max(64),
    /** Fen added (positive) or taken (negative); never 0. */
    amountFen: z
      .number()
      .int()
      .min(-CARD_ADJUST_MAX_FEN)
      .max(CARD_ADJUST_MAX_FEN)
      .refine((value) => value !== 0, 'an adjustment is not 0'),
    reason: z.string().trim().min(2).max(200),
  }),
  answer: consoleCardSchema,
});
