import { defineMigration } from '../define-migration.js';

/**
 * Shows that change after they are sold, and their buyers told (decision 056): a `showChanged`
 * notice (cancelled, seats moved, start time or hall changed) per order and change, so the outbox
 * key gains the change (`event_key`: one row per event, order and user still); each notice of a
 * change is also texted to the bound phone (`sms_state`); a show moved by more than 15 minutes
 * lets its buyers refund past the cutoff (`refund_cutoff_waived_at`).
 */
export default defineMigration([
  `alter table shows add column refund_cutoff_waived_at timestamptz`,
  `alter table sites add column notice_template_changed text`,
  `update sites set notice_template_changed = 'sandbox-notice-changed'
    where messenger_mode = 'sandbox'`,
  `alter table notice_consents drop constraint notice_consents_kind_check`,
  `alter table notice_consents add constraint notice_consents_kind_check
    check (kind in ('paid', 'reminder', 'refunded', 'ready', 'exchanged', 'showChanged'))`,
  `alter table notice_outbox drop constraint notice_outbox_kind_check`,
  `alter table notice_outbox add constraint notice_outbox_kind_check
    check (kind in ('paid', 'reminder', 'refunded', 'ready', 'exchanged', 'showChanged'))`,
  `alter table notice_outbox add column event_key text not null default ''`,
  `alter table notice_outbox add column sms_state text
    check (sms_state in ('pending', 'sent', 'failed', 'skipped'))`,
  `alter table notice_outbox drop constraint notice_outbox_kind_order_id_user_id_key`,
  `alter table notice_outbox add constraint notice_outbox_event_key
    unique (kind, order_id, user_id, event_key)`,
  `create index notice_outbox_order on notice_outbox (order_id)`,
]);
