import { z } from 'zod';
import { MOBILE_PHONE_PATTERN } from './rules/phone.js';

/** Field shapes every call shares, written once. */

/** An opaque id as calls take it (ids are opaque strings, STYLE.md "Words"). */
export const idSchema = z.string().trim().min(1).max(64);

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
