import { z } from 'zod';
import { defineCall, pageAnswer, pageQuery } from '../call.js';
import { STAFF_USERNAME_PATTERN, staffPasswordProblem, staffRoles } from './staff-rules.js';

/**
 * Staff sign-in and staff accounts, under `/api/console`. `isSignedIn` on a console call means
 * the `x-staff-token` header of a live staff session (never the moviegoer's `token`).
 */
export const staffRoleSchema = z.enum(staffRoles);

const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(STAFF_USERNAME_PATTERN, 'lower-case letters, digits, . _ -; 2 to 32 characters');
const passwordSchema = z.string().superRefine((value, context) => {
  const problem = staffPasswordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem.hintEn });
});
const displayNameSchema = z.string().trim().min(1).max(40);
const cinemaIdsSchema = z.array(z.string().uuid()).max(50);

/** A cinema named as stored: `nameEn` for English pages when set (decision 027, `localName`). */
export const staffCinemaSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
});

/** A staff account as the console shows it; never its password hash. */
export const staffViewSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: staffRoleSchema,
  cinemas: z.array(staffCinemaSchema),
  isActive: z.boolean(),
  isLocked: z.boolean(),
  createdAt: z.string(),
});
export type StaffView = z.infer<typeof staffViewSchema>;

/** The signed-in staff member, the site, and the cinemas they cover (all of them for owners). */
export const staffMeSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: staffRoleSchema,
  /** `nameEn`: the brand's English name, for English pages (null: none set). */
  site: z.object({ code: z.string(), name: z.string(), nameEn: z.string().nullable() }),
  cinemas: z.array(staffCinemaSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffLoginCall = defineCall({
  method: 'POST',
  path: '/console/auth/login',
  isSignedIn: false,
  body: z.object({
    username: z.string().trim().toLowerCase().min(1).max(32),
    password: z.string().min(1).max(64),
  }),
  answer: z.object({ token: z.string(), expiresAt: z.string(), staff: staffMeSchema }),
});

export const staffLogoutCall = defineCall({
  method: 'POST',
  path: '/console/auth/logout',
  isSignedIn: true,
  answer: z.object({ isSignedOut: z.boolean() }),
});

export const staffMeCall = defineCall({
  method: 'GET',
  path: '/console/auth/me',
  isSignedIn: true,
  answer: staffMeSchema,
});

export const staffListCall = defineCall({
  method: 'GET',
  path: '/console/staff/list',
  isSignedIn: true,
  query: pageQuery.extend({
    /** Managers must name one of their cinemas; owners may, to narrow the list. */
    cinemaId: z.string().uuid().optional(),
    role: staffRoleSchema.optional(),
    isActive: z.enum(['true', 'false']).optional(),
  }),
  answer: pageAnswer(staffViewSchema),
});

export const staffCreateCall = defineCall({
  method: 'POST',
  path: '/console/staff/create',
  isSignedIn: true,
  body: z.object({
    username: usernameSchema,
    displayName: displayNameSchema,
    role: staffRoleSchema,
    cinemaIds: cinemaIdsSchema.default([]),
    password: passwordSchema,
  }),
  answer: staffViewSchema,
});

export const staffUpdateCall = defineCall({
  method: 'POST',
  path: '/console/staff/update',
  isSignedIn: true,
  body: z.object({
    id: z.string().uuid(),
    displayName: displayNameSchema.optional(),
    role: staffRoleSchema.optional(),
    cinemaIds: cinemaIdsSchema.optional(),
  }),
  answer: staffViewSchema,
});

export const staffResetPasswordCall = defineCall({
  method: 'POST',
  path: '/console/staff/resetPassword',
  isSignedIn: true,
  body: z.object({ id: z.string().uuid(), password: passwordSchema }),
  answer: z.object({ isReset: z.boolean() }),
});

export const staffDeactivateCall = defineCall({
  method: 'POST',
  path: '/console/staff/deactivate',
  isSignedIn: true,
  body: z.object({ id: z.string().uuid() }),
  answer: staffViewSchema,
});
