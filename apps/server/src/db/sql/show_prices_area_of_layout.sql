CREATE OR REPLACE FUNCTION show_prices_area_of_layout()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    perform 1 from shows sh join price_areas pa on pa.layout_id = sh.layout_id
    where sh.id = new.show_id and pa.id = new.area_id;
    if not found then
      raise exception 'price area % is not of the layout of show %', new.area_id, new.show_id
        using errcode = 'check_violation';
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER show_prices_area_of_layout BEFORE INSERT OR UPDATE ON show_prices
  FOR EACH ROW
  EXECUTE FUNCTION show_prices_area_of_layout();
