import { z } from 'zod';
import { defineCall } from '../call.js';

export const userInfoSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  phone: z.string().nullable(),
  hasPayPassword: z.boolean(),
  /** While five wrong pay passwords lock card payments: until when (ISO). Absent or null: not locked. */
  payPasswordLockedUntil: z.string().nullable().optional(),
  /** Care mode (关怀模式), a preference kept on the server (decision 028). */
  isCareMode: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginCall = defineCall({
  method: 'POST',
  path: '/wx/redirect/login',
  isSignedIn: false,
  body: z.object({ code: z.string().trim().min(1).max(256) }),
  answer: z.object({ userInfo: userInfoSchema, token: z.string() }),
});

export const getUserInfoCall = defineCall({
  method: 'GET',
  path: '/userInfo/getUserInfo',
  isSignedIn: true,
  query: z.object({ time: z.coerce.number().int().nonnegative().optional() }),
  answer: userInfoSchema,
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/userInfo/logout',
  isSignedIn: true,
  answer: z.object({ isSignedOut: z.boolean() }),
});

/**
 * The chain a site belongs to, as its pages show it (one brand per site, decision 020, from the
 * `sites` row): `shortName` in titles, the header and share messages (`shortNameEn` on English
 * pages), `name` in full, an optional logo, and the theme colour (`#rrggbb`).
 */
export const siteBrandSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  shortNameEn: z.string(),
  logoUrl: z.string().nullable(),
  themeColor: z.string().regex(/^#[0-9a-f]{6}$/),
});
export type SiteBrand = z.infer<typeof siteBrandSchema>;

/**
 * Where the web app sends a visitor to sign in (WeChat's page, or the local sandbox's twin), and
 * the site's brand: the web app reads it once per page load.
 */
export const authConfigCall = defineCall({
  method: 'GET',
  path: '/wx/authConfig',
  isSignedIn: false,
  answer: z.object({
    appId: z.string(),
    authorizeUrl: z.string(),
    mode: z.enum(['sandbox', 'wechat']),
    brand: siteBrandSchema,
  }),
});

/** A hand-off code lives this long and is taken once. */
export const HAND_OFF_TTL_SECONDS = 120;
/** What tells a hand-off code from a session token in `?setToken=`. */
export const HAND_OFF_PREFIX = 'ho_';

/**
 * A one-time hand-off code for this session: a link `…?setToken=<code>` signs another browser in
 * as this user, once, within HAND_OFF_TTL_SECONDS, with a session of its own that ends when this
 * one does. Links carry it instead of the session token itself.
 */
export const handOffCall = defineCall({
  method: 'POST',
  path: '/userInfo/handOff',
  isSignedIn: true,
  answer: z.object({ code: z.string(), expiresInSeconds: z.number().int() }),
});

/**
 * Spec §4's `?setToken=`, checked by the server before the browser takes it: a hand-off code is
 * exchanged for a new session token (once); a session token itself is accepted only while the
 * site allows raw tokens in links (`isRawSetTokenAllowed`, on by default), and answered as it is.
 * Either way the answer names the account, so a browser signed in as someone else can ask first.
 */
export const exchangeSetTokenCall = defineCall({
  method: 'POST',
  path: '/wx/setToken/exchange',
  isSignedIn: false,
  body: z.object({ setToken: z.string().trim().min(1).max(256) }),
  answer: z.object({
    userInfo: userInfoSchema,
    token: z.string(),
    /** True when the token is a new session made from a hand-off code. */
    isHandOff: z.boolean(),
  }),
});
