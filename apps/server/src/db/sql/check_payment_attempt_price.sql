CREATE OR REPLACE FUNCTION check_payment_attempt_price()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  declare
    v_parts_fen bigint;
    v_order_fen int;
  begin
    -- Only parts still in count; a part given up in the same transaction asks nothing.
    if new.attempt_id is null
       or not exists (select 1 from payments
                       where id = new.id and status in ('pending', 'succeeded')) then
      return null;
    end if;
    -- An attempt's parts are all of one order: its index finds them.
    select coalesce(sum(amount_fen), 0) into v_parts_fen
      from payments
      where order_id = new.order_id and attempt_id = new.attempt_id
        and status in ('pending', 'succeeded');
    select amount_fen into v_order_fen from orders where id = new.order_id;
    if v_parts_fen <> v_order_fen then
      raise exception 'attempt % adds up to % fen but order % is priced % fen',
        new.attempt_id, v_parts_fen, new.order_id, v_order_fen using errcode = 'check_violation';
    end if;
    return null;
  end $function$;

DROP TRIGGER IF EXISTS payments_attempt_matches_price ON payments;
CREATE CONSTRAINT TRIGGER payments_attempt_matches_price AFTER INSERT ON payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION check_payment_attempt_price();
