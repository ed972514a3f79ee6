import { z } from 'zod';
import { defineCall, pageAnswer, pageQuery } from '../call.js';
import { storeCardSchema } from './cards.js';

/*
 * Card transactions and top-up: apart from calls/cards.ts, which the first screen loads (the
 * usable card list after sign-in), so these schemas stay out of the first-load bundle.
 */

/** What moved a card's balance; one ledger row each (docs/glossary.md "ledger"). */
export const cardLedgerKinds = [
  'recharge',
  'payment',
  'refund',
  'hold',
  'hold_release',
  'hold_commit',
  'adjustment',
] as const;
export type CardLedgerKind = (typeof cardLedgerKinds)[number];

/** One card transaction as the user sees it (spec §7 `useCardRecord/getCardList`). */
export const cardRecordSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  cardNo: z.string(),
  cardName: z.string(),
  kind: z.enum(cardLedgerKinds),
  /** Yuan with 2 decimals, signed: + credits the card, − debits it. */
  amount: z.number(),
  /** The card's balance right after this entry, in yuan. */
  balanceAfter: z.number(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type CardRecord = z.infer<typeof cardRecordSchema>;

export const getCardListCall = defineCall({
  method: 'GET',
  path: '/useCardRecord/getCardList',
  isSignedIn: true,
  query: pageQuery.extend({ cardId: z.uuid().optional() }),
  answer: pageAnswer(cardRecordSchema),
});

/** Card number and card password printed on a physical top-up card (spec §3 "Card top-up"). */
export const voucherNoSchema = z
  .string()
  .trim()
  .regex(/^\d{6,20}$/, 'the card number is 6 to 20 digits');
export const voucherPasswordSchema = z
  .string()
  .trim()
  .regex(/^\d{6,8}$/, 'the card password is 6 to 8 digits');

export const chargingCall = defineCall({
  method: 'POST',
  path: '/expenseRecord/charging',
  isSignedIn: true,
  body: z.object({ id: voucherNoSchema, password: voucherPasswordSchema }),
  answer: z.object({
    /** The credited card, with its new balance. */
    card: storeCardSchema,
    /** The voucher's value in yuan. */
    amount: z.number(),
    /** True when the recharge opened this card (the user had none of the voucher's type). */
    isNewCard: z.boolean(),
  }),
});
