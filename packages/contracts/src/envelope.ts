/** Spec §8: every answer is `{ code, msg, data }`; only `code` 0 is a success. */
export type Envelope<T> = { code: number; msg: string; data: T };

export const SUCCESS_CODE = 0;
