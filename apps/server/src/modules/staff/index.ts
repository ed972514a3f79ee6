/**
 * Staff of a site: accounts, sign-in and sessions for the console, and the audit log every staff
 * change writes. Other modules import only from here: `recordAudit` inside their transaction.
 */
export { registerStaffRoutes } from './staff.routes.js';
export {
  createStaffAuthenticator,
  STAFF_SESSION_TTL_SECONDS,
  type SignedInStaff,
  type StaffAuthenticator,
} from './staff-auth.service.js';
export { createStaff, type NewStaff } from './staff.service.js';
export { auditOfEntity, recordAudit, type AuditActor, type AuditChange } from './audit.service.js';
export { findSiteIdByCode } from './staff.repository.js';
