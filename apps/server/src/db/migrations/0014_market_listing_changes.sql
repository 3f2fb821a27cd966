CREATE TABLE "market_listing_changes" (
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_listing_changes_txid_idx" ON "market_listing_changes" USING btree ("txid");--> statement-breakpoint
-- Every write of market_listings (a refresh deletes and inserts, a new rate updates prices) logs the
-- product ids with the writing transaction: a process's search index reads what committed since it
-- last looked (docs/decisions/020).
CREATE OR REPLACE FUNCTION market_log_listing_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_listing_changes (product_id) SELECT DISTINCT product_id FROM changed_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER market_listings_inserted AFTER INSERT ON market_listings
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION market_log_listing_changes();
--> statement-breakpoint
CREATE TRIGGER market_listings_updated AFTER UPDATE ON market_listings
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION market_log_listing_changes();
--> statement-breakpoint
CREATE TRIGGER market_listings_deleted AFTER DELETE ON market_listings
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION market_log_listing_changes();
