ALTER TABLE "jobs" ADD COLUMN "priority" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "fairness_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "discarded_by" bigint;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_discarded_by_users_id_fk" FOREIGN KEY ("discarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("priority","fairness_key","run_at","id") WHERE status = 'queued';