import { defineMigration } from '../define-migration.js';

/**
 * Staff sign-in counted per account and address (decision 039): wrong passwords in a row from one
 * address refuse that address for a growing time; an address the account has signed in from is
 * familiar and passes the account-wide pause that wrong passwords from unfamiliar addresses bring
 * (`staff.failed_logins` and `staff.locked_until` now count and pause only those).
 */
export default defineMigration([
  `create table staff_sign_in_addresses (
    staff_id uuid not null references staff(id) on delete cascade,
    address text not null,
    failed_in_row integer not null default 0 check (failed_in_row >= 0),
    blocked_until timestamptz,
    last_failed_at timestamptz,
    signed_in_at timestamptz,
    primary key (staff_id, address)
  )`,
]);
