CREATE OR REPLACE FUNCTION refuse_audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  begin
    raise exception 'audit_log is append-only: % refused', tg_op
      using errcode = 'restrict_violation';
  end $function$;

CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON audit_log
  FOR EACH ROW
  EXECUTE FUNCTION refuse_audit_change();

CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT
  EXECUTE FUNCTION refuse_audit_change();
