-- Live CRM records per company and type (docs/decisions/015): every statement that adds, deletes,
-- soft-deletes or restores records appends its net change to crm_record_counts, one row per
-- company and type it touched. Rows are only ever appended by writers, so concurrent writes of one
-- company never wait on each other; readers sum the rows and fold them now and then.
CREATE OR REPLACE FUNCTION crm_count_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_counts (company_id, type_id, delta)
  SELECT company_id, type_id, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY company_id, type_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_count_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_counts (company_id, type_id, delta)
  SELECT n.company_id, n.type_id, sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
  GROUP BY n.company_id, n.type_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_count_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_counts (company_id, type_id, delta)
  SELECT company_id, type_id, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY company_id, type_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_records_count_insert AFTER INSERT ON crm_records
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_inserted();
--> statement-breakpoint
CREATE TRIGGER crm_records_count_update AFTER UPDATE ON crm_records
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_updated();
--> statement-breakpoint
CREATE TRIGGER crm_records_count_delete AFTER DELETE ON crm_records
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_deleted();
--> statement-breakpoint
-- A TRUNCATE leaves no rows to count.
CREATE OR REPLACE FUNCTION crm_count_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_record_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_records_count_truncate AFTER TRUNCATE ON crm_records
FOR EACH STATEMENT EXECUTE FUNCTION crm_count_truncated();
--> statement-breakpoint
-- Records that existed before the triggers.
INSERT INTO crm_record_counts (company_id, type_id, delta)
SELECT company_id, type_id, count(*) FROM crm_records WHERE deleted_at IS NULL GROUP BY company_id, type_id;
