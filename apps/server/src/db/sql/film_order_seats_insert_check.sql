CREATE OR REPLACE FUNCTION film_order_seats_insert_check()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  declare
    v_on_sale boolean;
    v_of_layout boolean;
  begin
    -- FOR SHARE: a hold waits for a staff change of the show (off sale, cancelled, seat blocked)
    -- in progress, then reads the show as it left it.
    select sh.is_on_sale,
           exists (select 1 from seats st where st.id = new.seat_id and st.layout_id = sh.layout_id)
      into v_on_sale, v_of_layout
      from shows sh where sh.id = new.show_id
      for share;
    if not coalesce(v_of_layout, false) then
      raise exception 'seat % is not of the layout of show %', new.seat_id, new.show_id
        using errcode = 'check_violation';
    end if;
    if not v_on_sale then
      raise exception 'show % is not on sale', new.show_id using errcode = 'check_violation';
    end if;
    -- A statement of its own, so a block committed while this waited for the show row is seen.
    if exists (select 1 from show_seat_blocks b
               where b.show_id = new.show_id and b.seat_id = new.seat_id
                 and b.unblocked_at is null) then
      return null;
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER film_order_seats_insert_check BEFORE INSERT ON film_order_seats
  FOR EACH ROW
  WHEN ((current_setting('marquee.in_seat_hold'::text, true) IS DISTINCT FROM 'on'::text))
  EXECUTE FUNCTION film_order_seats_insert_check();
