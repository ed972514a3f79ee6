CREATE OR REPLACE FUNCTION fill_current_layout()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.layout_id is null then
      new.layout_id := hall_current_layout(new.hall_id);
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER price_areas_fill_layout BEFORE INSERT ON price_areas
  FOR EACH ROW
  EXECUTE FUNCTION fill_current_layout();

CREATE OR REPLACE TRIGGER seats_fill_layout BEFORE INSERT ON seats
  FOR EACH ROW
  EXECUTE FUNCTION fill_current_layout();

CREATE OR REPLACE TRIGGER shows_fill_layout BEFORE INSERT ON shows
  FOR EACH ROW
  EXECUTE FUNCTION fill_current_layout();
