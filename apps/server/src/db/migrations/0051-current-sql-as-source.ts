import { defineMigration } from '../define-migration.js';
import { currentSql } from '../current-sql.js';

/**
 * Every plpgsql function and trigger from its current source, db/sql/<function>.sql (decision
 * 047). Each file was taken from a freshly migrated database (`pg_get_functiondef`,
 * `pg_get_triggerdef`), so this changes nothing on a database that ran 0001-0050; it makes the
 * files the definitions from here on. A later migration that changes a function edits its file
 * and loads it again.
 */
export default defineMigration(
  [
    'check_coupon_campaign_change',
    'check_coupon_seq',
    'check_order_paid',
    'check_order_price_while_paying',
    'check_order_transition',
    'check_payment_attempt_price',
    'check_payment_transition',
    'check_refunds_within_payment',
    'fill_current_layout',
    'film_order_goods_follow',
    'film_order_seat_moves_same_area',
    'film_order_seats_bump_version',
    'film_order_seats_insert_check',
    'give_new_user_coupons',
    'hall_current_layout',
    'halls_first_layout',
    'hold_film_seats',
    'hold_film_seats_batch',
    'hold_film_seats_each',
    'hold_film_seats_many',
    'hold_film_seats_once',
    'notify_seat_block_changes',
    'notify_seat_changes',
    'refuse_audit_change',
    'refuse_cash_movement_change',
    'refuse_ledger_change',
    'refuse_shift_of_closed_day',
    'refuse_stock_movement_change',
    'release_order_goods',
    'seat_change_payload',
    'settle_order_coupon',
    'show_prices_area_of_layout',
    'show_seat_blocks_bump_version',
  ].flatMap(currentSql),
);
