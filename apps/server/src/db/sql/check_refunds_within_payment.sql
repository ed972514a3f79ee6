CREATE OR REPLACE FUNCTION check_refunds_within_payment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    if (select coalesce(sum(r.amount_fen), 0) from payment_refunds r
        where r.payment_id = new.payment_id and r.status <> 'failed')
       > (select p.amount_fen from payments p where p.id = new.payment_id) then
      raise exception 'refunds of payment % exceed what it took', new.payment_id
        using errcode = 'check_violation';
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER payment_refunds_within_payment AFTER INSERT OR UPDATE ON payment_refunds
  FOR EACH ROW
  EXECUTE FUNCTION check_refunds_within_payment();
