CREATE OR REPLACE FUNCTION check_coupon_seq()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.seq > (select per_user_limit from coupon_campaigns where id = new.campaign_id) then
      raise exception 'coupon % is past its campaign''s per-user limit', new.seq
        using errcode = 'check_violation';
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER coupons_within_user_limit BEFORE INSERT ON coupons
  FOR EACH ROW
  EXECUTE FUNCTION check_coupon_seq();
