CREATE OR REPLACE FUNCTION check_order_price_while_paying()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if exists (select 1 from payments where order_id = new.id and status = 'pending') then
      raise exception 'order % has a payment pending: its price stays % fen until it ends',
        new.id, old.amount_fen using errcode = 'check_violation';
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER orders_price_kept_while_paying BEFORE UPDATE OF amount_fen, discount_fen, goods_fen, goods_discount_fen ON orders
  FOR EACH ROW
  WHEN (((old.status = 'pending_payment'::text) AND (new.status = 'pending_payment'::text) AND ((old.amount_fen IS DISTINCT FROM new.amount_fen) OR (old.discount_fen IS DISTINCT FROM new.discount_fen) OR (old.goods_fen IS DISTINCT FROM new.goods_fen) OR (old.goods_discount_fen IS DISTINCT FROM new.goods_discount_fen))))
  EXECUTE FUNCTION check_order_price_while_paying();
