CREATE OR REPLACE FUNCTION seat_change_payload(p_show_id uuid, p_version bigint, p_seats json)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
  declare
    payload text := json_build_object('showId', p_show_id, 'version', p_version,
                                      'seats', p_seats)::text;
  begin
    if octet_length(payload) > 7000 then
      payload := json_build_object('showId', p_show_id, 'version', p_version, 'seats', null)::text;
    end if;
    return payload;
  end $function$;
