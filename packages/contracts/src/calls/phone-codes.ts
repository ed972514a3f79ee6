import { z } from 'zod';
import { defineCall } from '../call.js';
import { MOBILE_PHONE_PATTERN } from '../rules/phone.js';
import { encryptedPasswordSchema } from './pay-password.js';

/**
 * Codes sent by SMS to prove a phone: resetting a forgotten pay password (to the bound phone) and
 * binding or changing the bound phone (to the new number). A code is 6 digits, lives 5 minutes,
 * takes 5 tries and is used once; a new one can be asked for after 60 s, 10 a day.
 */
export const PHONE_CODE_TTL_SECONDS = 300;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_DAILY_LIMIT = 10;

export const phoneCodePurposes = ['payPasswordReset', 'bindPhone'] as const;
export type PhoneCodePurpose = (typeof phoneCodePurposes)[number];

const mobilePhoneSchema = z
  .string()
  .trim()
  .regex(MOBILE_PHONE_PATTERN, 'must be an 11-digit mainland mobile number');
const phoneCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be 6 digits');

export const sendPhoneCodeCall = defineCall({
  method: 'POST',
  path: '/userInfo/phoneCode/send',
  isSignedIn: true,
  body: z.discriminatedUnion('purpose', [
    /** To the phone already bound to the account. */
    z.object({ purpose: z.literal('payPasswordReset') }),
    /** To the number being bound. */
    z.object({ purpose: z.literal('bindPhone'), phone: mobilePhoneSchema }),
  ]),
  answer: z.object({
    /** Where it went, masked (138****8000). */
    maskedPhone: z.string(),
    expiresInSeconds: z.number().int(),
    resendAfterSeconds: z.number().int(),
    /** Sandbox sites only: where the local SMS stand-in shows the message. */
    sandboxInboxUrl: z.string().nullable(),
  }),
});

export const bindPhoneCall = defineCall({
  method: 'POST',
  path: '/userInfo/phone/bind',
  isSignedIn: true,
  body: z.object({ phone: mobilePhoneSchema, code: phoneCodeSchema }),
  answer: z.object({ maskedPhone: z.string() }),
});

export const resetPayPasswordCall = defineCall({
  method: 'POST',
  path: '/userInfo/card/resetPassword',
  isSignedIn: true,
  body: z.object({ code: phoneCodeSchema, password: encryptedPasswordSchema }),
  answer: z.object({ hasPayPassword: z.literal(true) }),
});

export const cardSecurityEventKinds = [
  'payPasswordSet',
  'payPasswordChanged',
  'payPasswordReset',
  'payPasswordLocked',
  'phoneBound',
] as const;
export type CardSecurityEventKind = (typeof cardSecurityEventKinds)[number];

/** The account's security log: pay password set, changed, reset or locked; phone bound. */
export const cardSecurityLogCall = defineCall({
  method: 'GET',
  path: '/userInfo/card/securityLog',
  isSignedIn: true,
  answer: z.object({
    list: z.array(
      z.object({
        kind: z.enum(cardSecurityEventKinds),
        at: z.string(),
        /** For phoneBound: the number, masked. */
        maskedPhone: z.string().nullable(),
      }),
    ),
  }),
});
