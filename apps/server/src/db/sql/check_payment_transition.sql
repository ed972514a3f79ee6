CREATE OR REPLACE FUNCTION check_payment_transition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.status is distinct from old.status then
      if not exists (select 1 from payment_status_transitions
                     where from_status = old.status and to_status = new.status) then
        raise exception 'payment % cannot move from % to %', old.id, old.status, new.status
          using errcode = 'check_violation';
      end if;
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER payments_status_transition BEFORE UPDATE ON payments
  FOR EACH ROW
  EXECUTE FUNCTION check_payment_transition();
