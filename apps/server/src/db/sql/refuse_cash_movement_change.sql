CREATE OR REPLACE FUNCTION refuse_cash_movement_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    raise exception 'shift_cash_movements are append-only' using errcode = 'check_violation';
  end $function$;

CREATE OR REPLACE TRIGGER shift_cash_movements_append_only BEFORE DELETE OR UPDATE ON shift_cash_movements
  FOR EACH ROW
  EXECUTE FUNCTION refuse_cash_movement_change();
