CREATE OR REPLACE FUNCTION settle_order_coupon()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.status = 'paid' and old.status = 'pending_payment' then
      update coupons set status = 'used', used_at = now()
        where order_id = new.id and status = 'held';
    elsif new.status in ('cancelled', 'expired', 'refunded') and old.status <> new.status then
      update coupons c set status = 'unused', order_id = null, discount_fen = 0, used_at = null
        from coupon_campaigns k
        where c.order_id = new.id and k.id = c.campaign_id
          and (c.status = 'held' or k.valid_to > now());
    end if;
    return null;
  end $function$;

CREATE OR REPLACE TRIGGER orders_settle_coupon AFTER UPDATE OF status ON orders
  FOR EACH ROW
  EXECUTE FUNCTION settle_order_coupon();
