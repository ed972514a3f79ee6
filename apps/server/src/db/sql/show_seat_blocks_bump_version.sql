CREATE OR REPLACE FUNCTION show_seat_blocks_bump_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.unblocked_at is distinct from old.unblocked_at then
      new.version := nextval('film_order_seat_versions');
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER show_seat_blocks_version BEFORE UPDATE ON show_seat_blocks
  FOR EACH ROW
  EXECUTE FUNCTION show_seat_blocks_bump_version();
