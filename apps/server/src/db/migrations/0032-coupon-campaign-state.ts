import { defineMigration } from '../define-migration.js';

/**
 * Coupon campaigns in the console (decision 030).
 * - A campaign is `active`, `paused` (gives no coupons until resumed) or `ended` (gives none
 *   again); `ended` is final (trigger). Coupons already given stay usable until `valid_to`.
 * - What a coupon gives is fixed once the campaign exists: the trigger refuses changes to the
 *   discount, minimum spend, scope, films, cinemas, start, promo code, hand-out rule and per-user
 *   limit. Staff may change the title, the end (`valid_to`) and the quantity; the CHECK of 0026
 *   keeps `issued_count <= total_quantity`, so lowering the quantity below what was given fails.
 * - New users get coupons only from active campaigns (0026's trigger, redefined).
 */
export default defineMigration([
  `alter table coupon_campaigns add column state text not null default 'active'
    check (state in ('active', 'paused', 'ended'))`,
  `create function check_coupon_campaign_change() returns trigger language plpgsql as $$
  begin
    if old.state = 'ended' and new.state <> 'ended' then
      raise exception 'coupon campaign % has ended', old.id using errcode = 'check_violation';
    end if;
    if (new.site_id, new.promo_code, new.is_for_new_users, new.discount_kind, new.discount_value,
        new.cap_fen, new.min_spend_fen, new.scope, new.film_ids, new.cinema_ids, new.valid_from,
        new.per_user_limit)
       is distinct from
       (old.site_id, old.promo_code, old.is_for_new_users, old.discount_kind, old.discount_value,
        old.cap_fen, old.min_spend_fen, old.scope, old.film_ids, old.cinema_ids, old.valid_from,
        old.per_user_limit) then
      raise exception 'the terms of coupon campaign % are fixed once it exists', old.id
        using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger coupon_campaigns_fixed_terms before update on coupon_campaigns
    for each row execute function check_coupon_campaign_change()`,
  `create or replace function give_new_user_coupons() returns trigger language plpgsql as $$
  begin
    with given as (
      update coupon_campaigns set issued_count = issued_count + 1
        where site_id = new.site_id and is_for_new_users and state = 'active'
          and valid_from <= now() and valid_to > now() and issued_count < total_quantity
        returning id
    )
    insert into coupons (campaign_id, user_id, seq) select id, new.id, 1 from given;
    return null;
  end $$`,
]);
