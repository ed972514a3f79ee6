import { z } from 'zod';

/** Spec §8: every answer is `{ code, msg, data }`; only `code` 0 is a success. */
export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

export const SUCCESS_CODE = 0;
