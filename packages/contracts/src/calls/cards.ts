import { z } from 'zod';
import { defineCall } from '../call.js';

export const storeCardSchema = z.object({
  id: z.string(),
  cardNo: z.string(),
  name: z.string(),
  cardTypeList: z.array(z.string()),
  /** Yuan with 2 decimals, as the spec shows balances. */
  balance: z.number(),
});
export type StoreCard = z.infer<typeof storeCardSchema>;

export const getUserCareListCall = defineCall({
  method: 'GET',
  path: '/storeCard/getUserCareList',
  isSignedIn: true,
  answer: z.object({
    /** The card type codes this user can pay with (spec §3). */
    allTypeList: z.array(z.string()),
    storeCard: z.array(storeCardSchema),
  }),
});
