-- Typed copies of list values in PostgreSQL's own indexes (docs/decisions/028), replacing the
-- in-memory record index and its change log (decision 021).
CREATE TABLE "crm_record_values" (
	"field_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"text" text,
	"number" numeric,
	"moment" text,
	CONSTRAINT "crm_record_values_record_id_field_id_pk" PRIMARY KEY("record_id","field_id")
);
--> statement-breakpoint
DROP TABLE "crm_record_changes" CASCADE;--> statement-breakpoint
CREATE INDEX "crm_record_values_text_idx" ON "crm_record_values" USING btree ("field_id","text","record_id") WHERE "crm_record_values"."text" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_record_values_number_idx" ON "crm_record_values" USING btree ("field_id","number","record_id") WHERE "crm_record_values"."number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_record_values_moment_idx" ON "crm_record_values" USING btree ("field_id","moment","record_id") WHERE "crm_record_values"."moment" IS NOT NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS crm_records_changes_inserted ON crm_records;
--> statement-breakpoint
DROP TRIGGER IF EXISTS crm_records_changes_updated ON crm_records;
--> statement-breakpoint
DROP TRIGGER IF EXISTS crm_records_changes_deleted ON crm_records;
--> statement-breakpoint
DROP FUNCTION IF EXISTS crm_log_record_changes();
--> statement-breakpoint
-- The copies of one record's values, by its form's fields: short text lower-cased (as the text
-- conditions compare it), numbers as numeric, dates and date-times as their ISO text. Pick lists,
-- users, lookups and checkboxes are answered by crm_records' tenant GIN, long text (textarea) by
-- the records: neither is copied.
CREATE OR REPLACE FUNCTION crm_value_copies(p_form_id bigint, p_record_id bigint, p_values jsonb)
RETURNS TABLE (field_id bigint, record_id bigint, text text, number numeric, moment text)
LANGUAGE sql STABLE AS $$
  SELECT f.id, p_record_id,
    CASE WHEN f.field_type IN ('text', 'email', 'phone', 'url') THEN lower(v.value #>> '{}') END,
    CASE WHEN f.field_type IN ('number', 'currency') AND jsonb_typeof(v.value) = 'number' THEN (v.value #>> '{}')::numeric END,
    CASE WHEN f.field_type IN ('date', 'datetime') THEN v.value #>> '{}' END
  FROM jsonb_each(p_values) AS v
  JOIN crm_form_fields f ON f.form_id = p_form_id AND f.name = v.key
  WHERE CASE
    WHEN f.field_type IN ('number', 'currency') THEN jsonb_typeof(v.value) = 'number'
    WHEN f.field_type IN ('text', 'email', 'phone', 'url', 'date', 'datetime') THEN jsonb_typeof(v.value) = 'string'
    ELSE false
  END
$$;
--> statement-breakpoint
-- Kept by statement triggers, in the writing transaction: a list sees every committed write.
CREATE OR REPLACE FUNCTION crm_values_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_values (field_id, record_id, text, number, moment)
  SELECT c.* FROM new_rows r CROSS JOIN LATERAL crm_value_copies(r.form_id, r.id, r.values) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_values_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only records whose values or form changed (moving to the recycle bin and back copies nothing).
  DELETE FROM crm_record_values v USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE v.record_id = n.id AND (o.values IS DISTINCT FROM n.values OR o.form_id IS DISTINCT FROM n.form_id);
  INSERT INTO crm_record_values (field_id, record_id, text, number, moment)
  SELECT c.* FROM new_rows n JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL crm_value_copies(n.form_id, n.id, n.values) c
  WHERE o.values IS DISTINCT FROM n.values OR o.form_id IS DISTINCT FROM n.form_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_values_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_record_values v USING old_rows o WHERE v.record_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_values_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE crm_record_values;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_records_values_inserted AFTER INSERT ON crm_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_values_inserted();
--> statement-breakpoint
CREATE TRIGGER crm_records_values_updated AFTER UPDATE ON crm_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_values_updated();
--> statement-breakpoint
CREATE TRIGGER crm_records_values_deleted AFTER DELETE ON crm_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_values_deleted();
--> statement-breakpoint
CREATE TRIGGER crm_records_values_truncated AFTER TRUNCATE ON crm_records
  FOR EACH STATEMENT EXECUTE FUNCTION crm_values_truncated();
--> statement-breakpoint
-- Records that existed before the triggers (the demo data, a bench database).
INSERT INTO crm_record_values (field_id, record_id, text, number, moment)
SELECT c.* FROM crm_records r CROSS JOIN LATERAL crm_value_copies(r.form_id, r.id, r.values) c;
--> statement-breakpoint
ANALYZE crm_record_values;
