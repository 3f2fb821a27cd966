CREATE TABLE "crm_search_words" (
	"company_id" bigint NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_search_words_idx" ON "crm_search_words" USING btree ("company_id","lexeme" text_pattern_ops);
--> statement-breakpoint
-- The words of every record's search lexemes, kept as records are written (docs/decisions/015).
-- Lexemes starting with a digit (phone numbers, amounts) are left out: a keyword starting with a
-- digit stays a prefix match. Words are inserted in order, so two writers never wait on each other
-- in opposite orders.
CREATE OR REPLACE FUNCTION crm_words_of_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_search_words (company_id, lexeme)
  SELECT DISTINCT r.company_id, w.lexeme FROM new_rows r CROSS JOIN LATERAL unnest(r.search) AS w
  WHERE w.lexeme !~ '^[0-9]+_[0-9]'
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_words_of_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_search_words (company_id, lexeme)
  SELECT NEW.company_id, w.lexeme FROM unnest(NEW.search) AS w
  WHERE w.lexeme !~ '^[0-9]+_[0-9]'
  ORDER BY 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_records_words_inserted AFTER INSERT ON crm_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_words_of_inserted();
--> statement-breakpoint
CREATE TRIGGER crm_records_words_updated AFTER UPDATE OF search ON crm_records
  FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION crm_words_of_updated();
--> statement-breakpoint
INSERT INTO crm_search_words (company_id, lexeme)
SELECT DISTINCT r.company_id, w.lexeme FROM crm_records r CROSS JOIN LATERAL unnest(r.search) AS w
WHERE w.lexeme !~ '^[0-9]+_[0-9]'
ON CONFLICT DO NOTHING;
