DROP INDEX "crm_saved_filters_name_unique";--> statement-breakpoint
DROP INDEX "crm_views_name_unique";--> statement-breakpoint
-- Views and filters saved before owners existed were shared by the company (docs/decisions/058).
ALTER TABLE "crm_saved_filters" ADD COLUMN "visibility" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_saved_filters" ALTER COLUMN "visibility" SET DEFAULT 'private';--> statement-breakpoint
-- Views and filters saved before owners existed were shared by the company (docs/decisions/058).
ALTER TABLE "crm_views" ADD COLUMN "visibility" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_views" ALTER COLUMN "visibility" SET DEFAULT 'private';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_saved_filters_private_name_unique" ON "crm_saved_filters" USING btree ("created_by","type_id",lower("name")) WHERE "crm_saved_filters"."visibility" = 'private';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_views_private_name_unique" ON "crm_views" USING btree ("created_by","type_id",lower("name")) WHERE "crm_views"."visibility" = 'private';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_saved_filters_name_unique" ON "crm_saved_filters" USING btree ("company_id","type_id",lower("name")) WHERE "crm_saved_filters"."visibility" = 'company';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_views_name_unique" ON "crm_views" USING btree ("company_id","type_id",lower("name")) WHERE "crm_views"."visibility" = 'company';--> statement-breakpoint
ALTER TABLE "crm_saved_filters" ADD CONSTRAINT "crm_saved_filters_visibility" CHECK ("crm_saved_filters"."visibility" in ('private', 'company'));--> statement-breakpoint
ALTER TABLE "crm_views" ADD CONSTRAINT "crm_views_visibility" CHECK ("crm_views"."visibility" in ('private', 'company'));