CREATE OR REPLACE FUNCTION refuse_ledger_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    raise exception 'card_ledger is append-only: % refused', tg_op
      using errcode = 'restrict_violation';
  end $function$;

CREATE OR REPLACE TRIGGER card_ledger_append_only BEFORE DELETE OR UPDATE ON card_ledger
  FOR EACH ROW
  EXECUTE FUNCTION refuse_ledger_change();

CREATE OR REPLACE TRIGGER card_ledger_no_truncate BEFORE TRUNCATE ON card_ledger
  FOR EACH STATEMENT
  EXECUTE FUNCTION refuse_ledger_change();
