CREATE OR REPLACE FUNCTION check_order_transition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.status is distinct from old.status then
      if not exists (select 1 from order_status_transitions
                     where from_status = old.status and to_status = new.status) then
        raise exception 'order % cannot move from % to %', old.id, old.status, new.status
          using errcode = 'check_violation';
      end if;
      new.updated_at := now();
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER orders_status_transition BEFORE UPDATE ON orders
  FOR EACH ROW
  EXECUTE FUNCTION check_order_transition();
