CREATE OR REPLACE FUNCTION give_new_user_coupons()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    with given as (
      update coupon_campaigns set issued_count = issued_count + 1
        where site_id = new.site_id and is_for_new_users and state = 'active'
          and valid_from <= now() and valid_to > now() and issued_count < total_quantity
        returning id
    )
    insert into coupons (campaign_id, user_id, seq) select id, new.id, 1 from given;
    return null;
  end $function$;

CREATE OR REPLACE TRIGGER users_get_new_user_coupons AFTER INSERT ON users
  FOR EACH ROW
  EXECUTE FUNCTION give_new_user_coupons();
