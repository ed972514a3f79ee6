CREATE OR REPLACE FUNCTION hold_film_seats_each(p_holds jsonb)
 RETURNS TABLE(n integer, new_order_id uuid, total_fen integer, held_seats jsonb, lost_labels jsonb, hold_deadline_at timestamp with time zone, seat_changes jsonb, error_code text, error_message text, error_constraint text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  declare
    v_hold jsonb;
    v_row record;
    v_labels text;
  begin
    perform set_config('marquee.in_seat_hold', 'on', true);
    n := 0;
    for v_hold in select value from jsonb_array_elements(p_holds) loop
      n := n + 1;
      if n = 2 then
        perform set_config('lock_timeout', '5ms', true);
      end if;
      new_order_id := null; total_fen := null; held_seats := null; lost_labels := null;
      hold_deadline_at := null; seat_changes := null;
      error_code := null; error_message := null; error_constraint := null;
      begin
        select * into strict v_row from hold_film_seats_once(
          (v_hold->>'siteId')::uuid, (v_hold->>'userId')::uuid, (v_hold->>'showId')::uuid,
          (v_hold->>'seatIds')::uuid[], v_hold->>'orderNo', (v_hold->>'now')::timestamptz,
          (v_hold->>'holdExpiresAt')::timestamptz) h;
        new_order_id := v_row.new_order_id;
        total_fen := v_row.total_fen;
        held_seats := v_row.held_seats;
        lost_labels := '[]'::jsonb;
        hold_deadline_at := v_row.hold_deadline_at;
        seat_changes := v_row.seat_changes;
      exception
        when sqlstate 'MQ409' then
          -- Seats lost: this hold wrote nothing; the answer names them.
          get stacked diagnostics v_labels = pg_exception_detail;
          total_fen := 0;
          lost_labels := v_labels::jsonb;
          seat_changes := '[]'::jsonb;
        when others then
          -- This hold's writes are undone; the holds before it keep theirs.
          get stacked diagnostics error_code = returned_sqlstate, error_message = message_text,
                                  error_constraint = constraint_name;
      end;
      return next;
    end loop;
    perform set_config('marquee.in_seat_hold', 'off', true);
  end $function$;
