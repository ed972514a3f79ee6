CREATE OR REPLACE FUNCTION hold_film_seats_many(p_holds jsonb)
 RETURNS TABLE(n integer, new_order_id uuid, total_fen integer, held_seats jsonb, lost_labels jsonb, hold_deadline_at timestamp with time zone, seat_changes jsonb, error_code text, error_message text, error_constraint text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  begin
    perform set_config('marquee.in_seat_hold', 'on', true);
    if jsonb_array_length(p_holds) > 1
       and (select count(distinct h->>'userId') from jsonb_array_elements(p_holds) h)
           = jsonb_array_length(p_holds) then
      begin
        return query select * from hold_film_seats_batch(p_holds);
        perform set_config('marquee.in_seat_hold', 'off', true);
        return;
      exception when others then
        -- Undone (its locks and settings too): the holds go one by one below.
        null;
      end;
    end if;
    return query select * from hold_film_seats_each(p_holds);
  end $function$;
