import { defineMigration } from '../define-migration.js';
import { currentSql } from '../current-sql.js';

/**
 * Every plpgsql function and trigger from its current source, db/sql/<function>.sql (decision
 * 047). Each file was taken from a freshly migrated database (`pg_get_functiondef`,
 * `pg_get_triggerdef`), so this changes nothing on a database that ran 0001-0050; it makes the
 * files the definitions from here on. A later migration that changes a function edits its file
 * and loads it again, naming the file's new version (the schema check asks for it).
 */
export default defineMigration([
  ...currentSql('check_coupon_campaign_change', 'cc29939450fe'),
  ...currentSql('check_coupon_seq', '1e76eb489dd8'),
  ...currentSql('check_order_paid', '62a8f06309c0'),
  ...currentSql('check_order_price_while_paying', 'e29344bef9aa'),
  ...currentSql('check_order_transition', 'c51538773bf2'),
  ...currentSql('check_payment_attempt_price', 'e571c06e01cb'),
  ...currentSql('check_payment_transition', 'f8a5a6f6007e'),
  ...currentSql('check_refunds_within_payment', '5d389df135a2'),
  ...currentSql('fill_current_layout', 'b0c99251952b'),
  ...currentSql('film_order_goods_follow', '9e19c8652c22'),
  ...currentSql('film_order_seat_moves_same_area', 'f9adf7c3efde'),
  ...currentSql('film_order_seats_bump_version', '45a723a2eb01'),
  ...currentSql('film_order_seats_insert_check', '2879ca90d8e2'),
  ...currentSql('give_new_user_coupons', '746a118931f0'),
  ...currentSql('hall_current_layout', '9ac57082a7cb'),
  ...currentSql('halls_first_layout', 'fd2a4c1e0363'),
  ...currentSql('hold_film_seats', '43c11b490722'),
  ...currentSql('hold_film_seats_batch', '977d38c81b26'),
  ...currentSql('hold_film_seats_each', '178df66ea7d2'),
  ...currentSql('hold_film_seats_many', 'd183c36367c7'),
  ...currentSql('hold_film_seats_once', 'cca77ddaf076'),
  ...currentSql('notify_seat_block_changes', 'be519fde614c'),
  ...currentSql('notify_seat_changes', 'e7d117a06708'),
  ...currentSql('refuse_audit_change', 'e3ab870b5a0e'),
  ...currentSql('refuse_cash_movement_change', '8729cf9e5cd5'),
  ...currentSql('refuse_ledger_change', '551652b9a523'),
  ...currentSql('refuse_shift_of_closed_day', '5df35e44d898'),
  ...currentSql('refuse_stock_movement_change', '0b85b56ddae9'),
  ...currentSql('release_order_goods', '923c91f23cc9'),
  ...currentSql('seat_change_payload', '949d3aad4a02'),
  ...currentSql('settle_order_coupon', '24e0b46e9289'),
  ...currentSql('show_prices_area_of_layout', 'ded3e09444dc'),
  ...currentSql('show_seat_blocks_bump_version', '7b6858a35588'),
]);
