-- A search that matches more than a window of listings walks the first of them in its sort's order
-- (decision 069): each order has an index whose nulls and directions are the statement's own.
DROP INDEX "market_listings_price_idx";--> statement-breakpoint
CREATE INDEX "market_listings_price_desc_idx" ON "market_listings" USING btree ("price_min_usd" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_listings_price_idx" ON "market_listings" USING btree ("price_min_usd","product_id");--> statement-breakpoint
-- A search is a bounded walk: parallel workers cost more to start than they save (as for the CRM lists, 0037).
ALTER TABLE "market_listings" SET (parallel_workers = 0);
