CREATE TABLE "crm_record_changes" (
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"company_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"record_id" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_record_changes_txid_idx" ON "crm_record_changes" USING btree ("txid");--> statement-breakpoint
-- Every write of crm_records logs the written record ids with the writing transaction: a process's
-- in-memory record index re-reads what committed since it last looked (docs/decisions/021).
CREATE OR REPLACE FUNCTION crm_log_record_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_changes (company_id, type_id, record_id)
  SELECT DISTINCT company_id, type_id, id FROM changed_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER crm_records_changes_inserted AFTER INSERT ON crm_records
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_log_record_changes();
--> statement-breakpoint
CREATE TRIGGER crm_records_changes_updated AFTER UPDATE ON crm_records
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_log_record_changes();
--> statement-breakpoint
CREATE TRIGGER crm_records_changes_deleted AFTER DELETE ON crm_records
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_log_record_changes();
