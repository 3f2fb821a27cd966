CREATE TABLE "statistics_changes" (
	"company_id" bigint NOT NULL,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_changes_company_idx" ON "statistics_changes" USING btree ("company_id");--> statement-breakpoint
-- hand-written: the statistics' change counts (decision 042, session 12). Every statement on a table the
-- seller statistics read appends (company, 1) for each company it touched, in the writer's transaction:
-- a cached answer kept under the sum of a company's counts is never served once a change is committed.
-- Writers only append (as crm_record_days), so they never wait on each other. The records count through
-- their roll-up (crm_record_days gets rows only when a figure moved: creation, deletion, restore, owner,
-- conversion, deal); the other tables on any change. A truncation counts for every company (company 0).
CREATE OR REPLACE FUNCTION statistics_changed(companies bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO statistics_changes (company_id, changes)
  SELECT DISTINCT company_id, 1 FROM unnest(companies) AS company_id WHERE company_id IS NOT NULL;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: how the changed table names its company: company_id, seller_company_id, or product_id
  -- (the product's company).
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM statistics_changed(ARRAY[0::bigint]);
  ELSIF TG_OP = 'DELETE' THEN
    IF TG_ARGV[0] = 'company_id' THEN
      PERFORM statistics_changed(ARRAY(SELECT company_id FROM old_rows));
    ELSIF TG_ARGV[0] = 'seller_company_id' THEN
      PERFORM statistics_changed(ARRAY(SELECT seller_company_id FROM old_rows));
    ELSE
      PERFORM statistics_changed(ARRAY(SELECT company_id FROM products WHERE id IN (SELECT product_id FROM old_rows)));
    END IF;
  ELSE
    IF TG_ARGV[0] = 'company_id' THEN
      PERFORM statistics_changed(ARRAY(SELECT company_id FROM new_rows));
    ELSIF TG_ARGV[0] = 'seller_company_id' THEN
      PERFORM statistics_changed(ARRAY(SELECT seller_company_id FROM new_rows));
    ELSE
      PERFORM statistics_changed(ARRAY(SELECT company_id FROM products WHERE id IN (SELECT product_id FROM new_rows)));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER statistics_record_days_inserted AFTER INSERT ON crm_record_days
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_records_truncated AFTER TRUNCATE ON crm_records
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
-- The other sources: every insert, update, delete and truncation (statistics_<name>_inserted, …).
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN SELECT * FROM (VALUES
    ('enquiries', 'enquiries', 'seller_company_id'),
    ('products', 'products', 'company_id'),
    ('product_categories', 'product_categories', 'product_id'),
    ('wishlist', 'market_wishlist', 'product_id'),
    ('daily_buyers', 'tracking_daily_buyers', 'company_id'),
    ('lead_visitors', 'crm_lead_visitors', 'company_id')
  ) AS sources (name, tab, company)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed(%L)',
      'statistics_' || source.name || '_inserted', source.tab, source.company);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed(%L)',
      'statistics_' || source.name || '_updated', source.tab, source.company);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed(%L)',
      'statistics_' || source.name || '_deleted', source.tab, source.company);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed()',
      'statistics_' || source.name || '_truncated', source.tab);
  END LOOP;
END $$;
