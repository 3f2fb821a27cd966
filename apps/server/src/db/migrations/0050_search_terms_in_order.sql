DROP INDEX "market_search_terms_popular_idx";--> statement-breakpoint
CREATE INDEX "market_search_terms_popular_idx" ON "market_search_terms" USING btree ("searches" DESC NULLS FIRST,"term");