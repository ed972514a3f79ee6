import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * A password as the client sends it: base64 of the RSA-OAEP (SHA-256) ciphertext of the JSON
 * `{ password, timestamp, nonce }` (`PayPasswordPayload`), encrypted with the key of `payKeyCall`.
 */
export const encryptedPasswordSchema = z
  .string()
  .trim()
  .min(16)
  .max(1024)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

/** The plaintext inside an encrypted password (spec §5: the transform). */
export const payPasswordPayloadSchema = z.object({
  password: z.string().max(64),
  /** Milliseconds since the epoch, when the client encrypted it. */
  timestamp: z.number().int().positive(),
  /** At least 16 random characters; each payload is accepted once. */
  nonce: z.string().min(16).max(64),
});
export type PayPasswordPayload = z.infer<typeof payPasswordPayloadSchema>;

/** The public key the client encrypts pay passwords with. */
export const payKeyCall = defineCall({
  method: 'GET',
  path: '/security/payKey',
  isSignedIn: false,
  answer: z.object({
    keyId: z.string(),
    /** SubjectPublicKeyInfo, DER, base64: WebCrypto `importKey('spki', …)`. */
    spki: z.string(),
    algorithm: z.literal('RSA-OAEP-256'),
  }),
});

/**
 * Spec §7: set the pay password, or change it (then the old one is required). A FIRST pay password
 * on an account holding a card with money also needs a second proof (decision 046): `code`, a
 * `firstPayPassword` code texted to the bound phone, or, with no phone bound, a session from a
 * WeChat authorisation of the last 10 minutes; without it FIRST_PAY_PASSWORD_NEEDS_PROOF.
 */
export const setPayPasswordCall = defineCall({
  method: 'POST',
  path: '/userInfo/card/setPassword',
  isSignedIn: true,
  body: z.object({
    password: encryptedPasswordSchema,
    oldPassword: encryptedPasswordSchema.optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
  }),
  answer: z.object({ hasPayPassword: z.literal(true) }),
});

/** How recent a WeChat authorisation must be to set a first pay password without a phone. */
export const FIRST_PAY_PASSWORD_FRESH_SIGN_IN_SECONDS = 10 * 60;

export const firstPayPasswordProofs = ['none', 'phoneCode', 'wechatAuthorisation'] as const;
export type FirstPayPasswordProof = (typeof firstPayPasswordProofs)[number];

/**
 * What a first pay password needs besides the session (decision 046): `none` (no card money, or
 * a pay password is already set: then it is a change), `phoneCode` (a `firstPayPassword` code to
 * the bound phone, masked here), `wechatAuthorisation` (no phone: authorise with WeChat again).
 */
export const firstPayPasswordProofCall = defineCall({
  method: 'GET',
  path: '/userInfo/card/firstPasswordProof',
  isSignedIn: true,
  answer: z.object({
    proof: z.enum(firstPayPasswordProofs),
    maskedPhone: z.string().nullable(),
  }),
});
