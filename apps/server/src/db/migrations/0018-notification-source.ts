import { defineMigration } from '../define-migration.js';

/**
 * How WeChat told us a payment succeeded, for the WeChat Pay reconciliation report: `source` is
 * what settled it first (`notify`: WeChat's notice; `query`: our status query or the sweep), and
 * `notified_at` when WeChat's notice first arrived (null: it never did). Rows from before this
 * migration are taken as notices, as the table's name always claimed.
 */
export default defineMigration([
  `alter table payment_notifications
    add column source text not null default 'notify' check (source in ('notify', 'query'))`,
  `alter table payment_notifications add column notified_at timestamptz`,
  `update payment_notifications set notified_at = received_at`,
  `create index payment_notifications_site_received on payment_notifications (site_id, received_at)`,
]);
