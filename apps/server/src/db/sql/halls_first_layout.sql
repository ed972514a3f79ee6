CREATE OR REPLACE FUNCTION halls_first_layout()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    insert into hall_layouts (hall_id, version, columns, row_count)
    values (new.id, 1, new.columns, new.row_count);
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER halls_first_layout AFTER INSERT ON halls
  FOR EACH ROW
  EXECUTE FUNCTION halls_first_layout();
