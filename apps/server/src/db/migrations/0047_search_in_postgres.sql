-- PostgreSQL is the one search engine (docs/decisions/056): no process keeps a copy of the listings, so
-- nothing reads the change log the copies followed (migration 0014, docs/decisions/020). Its triggers go
-- first: they write to the table on every change of market_listings.
DROP TRIGGER IF EXISTS market_listings_inserted ON market_listings;--> statement-breakpoint
DROP TRIGGER IF EXISTS market_listings_updated ON market_listings;--> statement-breakpoint
DROP TRIGGER IF EXISTS market_listings_deleted ON market_listings;--> statement-breakpoint
DROP FUNCTION IF EXISTS market_log_listing_changes();--> statement-breakpoint
DROP TABLE "market_listing_changes" CASCADE;--> statement-breakpoint
-- The periodic job that pruned the log has no handler any more.
DELETE FROM jobs WHERE queue = 'market.prune-listing-changes';
