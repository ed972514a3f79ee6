CREATE OR REPLACE FUNCTION film_order_goods_follow()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.kind <> 'film' or new.goods_fen = 0 or new.status = old.status then
      return null;
    end if;
    if old.status = 'pending_payment' and new.status = 'paid' then
      update store_order_lines set state = 'sold' where order_id = new.id and state = 'reserved';
    elsif new.status in ('cancelled', 'expired')
       or (new.status = 'refunded' and new.goods_picked_up_at is null) then
      perform release_order_goods(new.id);
    end if;
    return null;
  end $function$;

CREATE OR REPLACE TRIGGER orders_film_goods_follow AFTER UPDATE OF status ON orders
  FOR EACH ROW
  WHEN (((new.kind = 'film'::text) AND (new.goods_fen <> 0) AND (new.status <> old.status)))
  EXECUTE FUNCTION film_order_goods_follow();
