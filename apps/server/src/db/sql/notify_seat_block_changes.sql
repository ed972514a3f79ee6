CREATE OR REPLACE FUNCTION notify_seat_block_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  declare
    change record;
  begin
    for change in select show_id, max(version) as version from changed group by show_id loop
      perform pg_notify('seat_changes_' || current_schema(),
        json_build_object('showId', change.show_id, 'version', change.version, 'seats', null)::text);
    end loop;
    return null;
  end $function$;

CREATE OR REPLACE TRIGGER show_seat_blocks_notify_insert AFTER INSERT ON show_seat_blocks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT
  EXECUTE FUNCTION notify_seat_block_changes();

CREATE OR REPLACE TRIGGER show_seat_blocks_notify_update AFTER UPDATE ON show_seat_blocks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT
  EXECUTE FUNCTION notify_seat_block_changes();
