CREATE OR REPLACE FUNCTION refuse_shift_of_closed_day()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if exists (select 1 from day_closes
               where cinema_id = new.cinema_id and business_date = new.business_date) then
      raise exception 'business day % of cinema % is closed', new.business_date, new.cinema_id
        using errcode = 'MQ423';
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER shifts_not_on_closed_day BEFORE INSERT ON shifts
  FOR EACH ROW
  EXECUTE FUNCTION refuse_shift_of_closed_day();
