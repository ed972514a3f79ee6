CREATE OR REPLACE FUNCTION refuse_stock_movement_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    raise exception 'stock_movements is append-only: % refused', tg_op
      using errcode = 'restrict_violation';
  end $function$;

CREATE OR REPLACE TRIGGER stock_movements_append_only BEFORE DELETE OR UPDATE ON stock_movements
  FOR EACH ROW
  EXECUTE FUNCTION refuse_stock_movement_change();

CREATE OR REPLACE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT
  EXECUTE FUNCTION refuse_stock_movement_change();
