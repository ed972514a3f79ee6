CREATE OR REPLACE FUNCTION notify_seat_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  declare
    change record;
  begin
    for change in
      select show_id, max(version) as version,
             json_agg(json_build_array(seat_id, state) order by seat_id) as seats
      from changed group by show_id
    loop
      perform pg_notify('seat_changes_' || current_schema(),
                        seat_change_payload(change.show_id, change.version, change.seats));
    end loop;
    return null;
  end $function$;

CREATE OR REPLACE TRIGGER film_order_seats_notify_insert AFTER INSERT ON film_order_seats REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT
  WHEN ((current_setting('marquee.in_seat_hold'::text, true) IS DISTINCT FROM 'on'::text))
  EXECUTE FUNCTION notify_seat_changes();

CREATE OR REPLACE TRIGGER film_order_seats_notify_update AFTER UPDATE ON film_order_seats REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT
  WHEN ((current_setting('marquee.in_seat_hold'::text, true) IS DISTINCT FROM 'on'::text))
  EXECUTE FUNCTION notify_seat_changes();
