ALTER TABLE "crm_reminders" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_reminders" ADD COLUMN "last_error" text;