CREATE OR REPLACE FUNCTION film_order_seat_moves_same_area()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if not exists (select 1 from seats f join seats t on t.hall_id = f.hall_id
                   where f.id = new.from_seat_id and t.id = new.to_seat_id
                     and t.area_id is not distinct from f.area_id) then
      raise exception 'seat % is not of the hall and price area of seat %',
        new.to_seat_id, new.from_seat_id using errcode = 'check_violation';
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER film_order_seat_moves_same_area BEFORE INSERT ON film_order_seat_moves
  FOR EACH ROW
  EXECUTE FUNCTION film_order_seat_moves_same_area();
