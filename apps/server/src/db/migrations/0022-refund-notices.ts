import { defineMigration } from '../define-migration.js';

/**
 * WeChat's refund outcomes as WeChat names them (REFUND.SUCCESS / ABNORMAL / CLOSED notices and the
 * refund query): a refund WeChat could not pay back (`abnormal`: the buyer's bank card cancelled or
 * frozen) or closed (`closed`) waits for staff, listed by `payment_refunds_need_staff`.
 * `settled_by` keeps what reported the outcome first (`answer`: the refund call's own answer,
 * `notify`: WeChat's notice, `query`: our refund query), for the reconciliation of refunds.
 */
export default defineMigration([
  `alter table payment_refunds drop constraint payment_refunds_status_check`,
  `alter table payment_refunds add constraint payment_refunds_status_check
    check (status in ('pending', 'succeeded', 'failed', 'abnormal', 'closed'))`,
  `alter table payment_refunds add column settled_by text
    check (settled_by in ('answer', 'notify', 'query'))`,
  `create index payment_refunds_need_staff on payment_refunds (updated_at)
    where status in ('failed', 'abnormal', 'closed')`,
]);
