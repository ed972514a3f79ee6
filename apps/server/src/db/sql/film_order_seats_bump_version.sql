CREATE OR REPLACE FUNCTION film_order_seats_bump_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if new.state is distinct from old.state then
      new.version := nextval('film_order_seat_versions');
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER film_order_seats_version BEFORE UPDATE ON film_order_seats
  FOR EACH ROW
  EXECUTE FUNCTION film_order_seats_bump_version();
