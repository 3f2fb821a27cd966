ALTER TABLE "user_profiles" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "last_name" text;