import { z } from 'zod';
import { defineCall } from '../call.js';
import { MOBILE_PHONE_PATTERN } from '../rules/phone.js';
import { encryptedPasswordSchema } from './pay-password.js';

/**
 * Codes sent by SMS to prove a phone: resetting a forgotten pay password (to the bound phone),
 * proving the bound phone before changing it (`changePhone`, to the bound phone) and binding a
 * number (to the new number). A code is 6 digits, lives 5 minutes, takes 5 tries and is used once;
 * a new one can be asked for after 60 s, 10 a day.
 */
export const PHONE_CODE_TTL_SECONDS = 300;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_DAILY_LIMIT = 10;

export const phoneCodePurposes = [
  'payPasswordReset',
  'bindPhone',
  'changePhone',
  'firstPayPassword',
] as const;
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
    /** To the phone already bound to the account: the proof that changing it needs. */
    z.object({ purpose: z.literal('changePhone') }),
    /**
     * To the phone already bound to the account: the proof a first pay password needs on an
     * account holding card money (decision 046).
     */
    z.object({ purpose: z.literal('firstPayPassword') }),
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

/**
 * The bound phone is a second factor: after a change, a pay password reset by SMS waits this long
 * (and a first phone bound to an account that already has a pay password likewise).
 */
export const PHONE_CHANGE_RESET_HOLD_SECONDS = 24 * 60 * 60;
/** How long the proof of the old phone (or of the pay password) allows binding a new number. */
export const PHONE_CHANGE_PROOF_TTL_SECONDS = 10 * 60;

/**
 * Before changing a bound phone: prove it with a `changePhone` code texted to it, or with the pay
 * password (encrypted as for payments). Answers a proof that `bindPhoneCall` takes once, within
 * PHONE_CHANGE_PROOF_TTL_SECONDS.
 */
export const proveBoundPhoneCall = defineCall({
  method: 'POST',
  path: '/userInfo/phone/proveOld',
  isSignedIn: true,
  body: z.union([
    z.object({ code: phoneCodeSchema }).strict(),
    z.object({ payPassword: encryptedPasswordSchema }).strict(),
  ]),
  answer: z.object({
    proof: z.string(),
    expiresInSeconds: z.number().int(),
    /** The phone that was proved, masked. */
    maskedPhone: z.string(),
  }),
});

/**
 * Bind a phone with a code texted to it. Changing an already bound phone also takes the `proof`
 * of `proveBoundPhoneCall`; the old number then gets a text saying so.
 */
export const bindPhoneCall = defineCall({
  method: 'POST',
  path: '/userInfo/phone/bind',
  isSignedIn: true,
  body: z.object({
    phone: mobilePhoneSchema,
    code: phoneCodeSchema,
    proof: z.string().trim().min(16).max(128).optional(),
  }),
  answer: z.object({
    maskedPhone: z.string(),
    /** Until when (ISO) a pay password reset by SMS is refused; null when it is not. */
    payPasswordResetOpensAt: z.string().nullable(),
  }),
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
  'phoneChanged',
  'payPasswordResetRefused',
] as const;
export type CardSecurityEventKind = (typeof cardSecurityEventKinds)[number];

/**
 * The account's security log: pay password set, changed, reset or locked; phone bound or changed
 * (then the old number was texted); a reset by SMS refused while a phone change is recent.
 */
export const cardSecurityLogCall = defineCall({
  method: 'GET',
  path: '/userInfo/card/securityLog',
  isSignedIn: true,
  answer: z.object({
    list: z.array(
      z.object({
        kind: z.enum(cardSecurityEventKinds),
        at: z.string(),
        /** For phoneBound and phoneChanged: the new number, masked. */
        maskedPhone: z.string().nullable(),
        /** For phoneChanged: the number it replaced, masked. */
        maskedPreviousPhone: z.string().nullable(),
      }),
    ),
  }),
});

/**
 * Check a code texted for a first pay password (`firstPayPassword`) or for 忘记支付密码
 * (`payPasswordReset`) before the new password is typed; the try counts as any other and the code
 * is not used. `setPayPasswordCall` or `resetPayPasswordCall` checks it again and uses it
 * (decisions 046 and 051).
 */
export const checkPhoneCodeCall = defineCall({
  method: 'POST',
  path: '/userInfo/phoneCode/check',
  isSignedIn: true,
  body: z.object({
    purpose: z.enum(['firstPayPassword', 'payPasswordReset']),
    code: phoneCodeSchema,
  }),
  answer: z.object({ isRight: z.literal(true) }),
});
