import { z } from 'zod';
import { defineCall } from '../call.js';

export const userInfoSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  phone: z.string().nullable(),
  hasPayPassword: z.boolean(),
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

/** Where the web app sends a visitor to sign in: WeChat's page, or the local sandbox's twin. */
export const authConfigCall = defineCall({
  method: 'GET',
  path: '/wx/authConfig',
  isSignedIn: false,
  answer: z.object({
    appId: z.string(),
    authorizeUrl: z.string(),
    mode: z.enum(['sandbox', 'wechat']),
  }),
});
