import { z } from 'zod';
import { defineCall, pageAnswer, pageQuery } from '../call.js';

/** One row of the append-only audit log: who did what to which thing, before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  /** The username at the time, or `cli` for the command line. */
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoTime = z.iso.datetime({ offset: true });

export const auditListCall = defineCall({
  method: 'GET',
  path: '/console/audit/list',
  isSignedIn: true,
  query: pageQuery.extend({
    staffId: z.string().uuid().optional(),
    action: z.string().trim().min(1).max(64).optional(),
    entity: z.string().trim().min(1).max(64).optional(),
    /** From this time (inclusive) to that time (exclusive), ISO with offset. */
    from: isoTime.optional(),
    to: isoTime.optional(),
  }),
  answer: pageAnswer(auditEntrySchema),
});

/** The actions the staff module writes (other modules add theirs). */
export const staffAuditActions = [
  'staff.login',
  'staff.logout',
  'staff.create',
  'staff.update',
  'staff.resetPassword',
  'staff.deactivate',
] as const;
