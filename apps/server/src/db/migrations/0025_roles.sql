CREATE TABLE "roles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"permissions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_company_name_unique" ON "roles" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_company_key_unique" ON "roles" USING btree ("company_id","key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every existing company gets the seeded roles (their grants are contracts' SEEDED_ROLES while permissions is null).
INSERT INTO "roles" ("company_id", "key", "name")
SELECT c."id", seeded."key", seeded."name" FROM "companies" c
CROSS JOIN (VALUES ('owner', 'Owner'), ('sales_manager', 'Sales manager'),
  ('sales_representative', 'Sales representative'), ('catalogue_manager', 'Catalogue manager')) AS seeded("key", "name");--> statement-breakpoint
-- Sellers hold their company's owner role; existing sub-users keep what they could do (all of the CRM): sales manager.
UPDATE "users" u SET "role_id" = r."id" FROM "roles" r
WHERE r."company_id" = u."company_id" AND u."company_id" IS NOT NULL
  AND r."key" = CASE u."user_type" WHEN 'seller' THEN 'owner' WHEN 'subuser' THEN 'sales_manager' END;
