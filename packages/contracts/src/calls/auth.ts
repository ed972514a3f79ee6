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
 * The chain a site belongs to, as its pages show it (issue 14: one brand per site, from the
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
