CREATE TABLE "crm_value_texts" (
	"field_id" bigint NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "crm_value_texts_field_id_text_pk" PRIMARY KEY("field_id","text")
);
--> statement-breakpoint
-- hand-written: the distinct texts of each field's copies (docs/decisions/028, session 13), added in the
-- statement that writes the copies. They are added in one order (field, text), so two writers adding the
-- same new texts wait for each other and never deadlock.
CREATE OR REPLACE FUNCTION crm_store_copies(p_ids bigint[], p_form_ids bigint[], p_values jsonb[]) RETURNS void
LANGUAGE sql AS $$
  WITH copied AS (
    INSERT INTO crm_record_values (field_id, record_id, text, number, moment)
    SELECT c.* FROM unnest(p_ids, p_form_ids, p_values) AS r(id, form_id, values)
    CROSS JOIN LATERAL crm_value_copies(r.form_id, r.id, r.values) c
    RETURNING field_id, text
  )
  INSERT INTO crm_value_texts (field_id, text)
  SELECT DISTINCT field_id, text FROM copied WHERE text IS NOT NULL ORDER BY field_id, text
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_values_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM crm_store_copies(array_agg(id), array_agg(form_id), array_agg(values)) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_values_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only records whose values or form changed (moving to the recycle bin and back copies nothing).
  DELETE FROM crm_record_values v USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE v.record_id = n.id AND (o.values IS DISTINCT FROM n.values OR o.form_id IS DISTINCT FROM n.form_id);
  PERFORM crm_store_copies(array_agg(n.id), array_agg(n.form_id), array_agg(n.values))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.values IS DISTINCT FROM n.values OR o.form_id IS DISTINCT FROM n.form_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_values_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE crm_record_values, crm_value_texts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The texts of the copies that exist (the demo data, a bench database).
INSERT INTO crm_value_texts (field_id, text)
SELECT DISTINCT field_id, text FROM crm_record_values WHERE text IS NOT NULL;
--> statement-breakpoint
ANALYZE crm_value_texts;
