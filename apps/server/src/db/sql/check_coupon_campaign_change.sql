CREATE OR REPLACE FUNCTION check_coupon_campaign_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
  end $function$;

CREATE OR REPLACE TRIGGER coupon_campaigns_fixed_terms BEFORE UPDATE ON coupon_campaigns
  FOR EACH ROW
  EXECUTE FUNCTION check_coupon_campaign_change();
