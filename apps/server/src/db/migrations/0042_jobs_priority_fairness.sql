ALTER TABLE "jobs" ADD COLUMN "priority" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "fairness_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("priority","fairness_key","run_at","id") WHERE status = 'queued';