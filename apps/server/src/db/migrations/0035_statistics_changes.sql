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
CREATE TRIGGER statistics_enquiries_inserted AFTER INSERT ON enquiries
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('seller_company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_enquiries_updated AFTER UPDATE ON enquiries
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('seller_company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_enquiries_deleted AFTER DELETE ON enquiries
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('seller_company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_enquiries_truncated AFTER TRUNCATE ON enquiries
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_products_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_products_updated AFTER UPDATE ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_products_deleted AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_products_truncated AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_product_categories_inserted AFTER INSERT ON product_categories
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER statistics_product_categories_updated AFTER UPDATE ON product_categories
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER statistics_product_categories_deleted AFTER DELETE ON product_categories
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER statistics_product_categories_truncated AFTER TRUNCATE ON product_categories
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_wishlist_inserted AFTER INSERT ON market_wishlist
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER statistics_wishlist_updated AFTER UPDATE ON market_wishlist
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER statistics_wishlist_deleted AFTER DELETE ON market_wishlist
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER statistics_wishlist_truncated AFTER TRUNCATE ON market_wishlist
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_daily_buyers_inserted AFTER INSERT ON tracking_daily_buyers
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_daily_buyers_updated AFTER UPDATE ON tracking_daily_buyers
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_daily_buyers_deleted AFTER DELETE ON tracking_daily_buyers
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_daily_buyers_truncated AFTER TRUNCATE ON tracking_daily_buyers
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_lead_visitors_inserted AFTER INSERT ON crm_lead_visitors
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_lead_visitors_updated AFTER UPDATE ON crm_lead_visitors
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_lead_visitors_deleted AFTER DELETE ON crm_lead_visitors
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_lead_visitors_truncated AFTER TRUNCATE ON crm_lead_visitors
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
