CREATE OR REPLACE FUNCTION hold_film_seats(p_site_id uuid, p_user_id uuid, p_show_id uuid, p_seat_ids uuid[], p_order_no text, p_now timestamp with time zone, p_hold_expires_at timestamp with time zone)
 RETURNS TABLE(new_order_id uuid, total_fen integer, held_seats jsonb, lost_labels jsonb, hold_deadline_at timestamp with time zone, seat_changes jsonb)
 LANGUAGE plpgsql
AS $function$
  declare
    v_row record;
    v_labels text;
  begin
    -- This hold's seat changes are answered, not NOTIFYed; its checks are its own (see above).
    perform set_config('marquee.in_seat_hold', 'on', true);
    begin
      select * into strict v_row from hold_film_seats_once(
        p_site_id, p_user_id, p_show_id, p_seat_ids, p_order_no, p_now, p_hold_expires_at);
    exception when sqlstate 'MQ409' then
      get stacked diagnostics v_labels = pg_exception_detail;
      perform set_config('marquee.in_seat_hold', 'off', true);
      return query select null::uuid, 0, null::jsonb, v_labels::jsonb, null::timestamptz,
                          '[]'::jsonb;
      return;
    end;
    -- Later seat changes of a surrounding transaction are checked and NOTIFYed by the triggers.
    perform set_config('marquee.in_seat_hold', 'off', true);
    return query select v_row.new_order_id, v_row.total_fen, v_row.held_seats, '[]'::jsonb,
                        v_row.hold_deadline_at, v_row.seat_changes;
  end $function$;
