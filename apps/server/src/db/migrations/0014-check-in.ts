import { defineMigration } from '../define-migration.js';

/**
 * Check-in: a ticketed or ready order becomes `used` when staff scan it at the door or the
 * counter. Who and when are kept on the order (the name as it was, for "already used at 19:42 by
 * 王芳"); a used order always says when. The move itself goes through order_status_transitions
 * (ticketed|ready → used) with a compare-and-set, so concurrent scans of one code give one winner.
 */
export default defineMigration([
  `alter table orders add column used_at timestamptz`,
  `alter table orders add column used_by_staff_id uuid references staff(id)`,
  `alter table orders add column used_by_name text`,
  `alter table orders add constraint orders_used_has_time
    check (status <> 'used' or (used_at is not null and used_by_name is not null))`,
]);
