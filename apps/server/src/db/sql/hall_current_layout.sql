CREATE OR REPLACE FUNCTION hall_current_layout(p_hall_id uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$
    select id from hall_layouts where hall_id = p_hall_id order by version desc limit 1
  $function$;
