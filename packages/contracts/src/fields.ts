import { z } from 'zod';
import { MOBILE_PHONE_PATTERN } from './rules/phone.js';

/** Field shapes every call shares, written once. */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as calls take it. Ids are opaque strings to clients (STYLE.md "Words"); ours are UUIDs, so
 * anything else names nothing: the issue carries `isUnknownId`, which the server answers as 40401
 * (not found), exactly like a well-formed id of nothing, and no such value ever reaches SQL.
 */
export const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => UUID_PATTERN.test(value), {
    message: 'no such id',
    params: { isUnknownId: true },
  });

/** A mainland mobile number (`isMobilePhone`'s pattern), required for store orders. */
export const mobilePhoneSchema = z
  .string()
  .trim()
  .regex(MOBILE_PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number');

/** The same number where it is optional: an empty string means none. */
export const optionalMobilePhoneSchema = z
  .string()
  .trim()
  .refine((phone) => phone === '' || MOBILE_PHONE_PATTERN.test(phone), {
    message: 'phone must be an 11-digit mobile number',
  })
  .optional();
