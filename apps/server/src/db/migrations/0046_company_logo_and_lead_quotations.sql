CREATE TABLE "crm_lead_deals" (
	"company_id" bigint NOT NULL,
	"lead_id" bigint PRIMARY KEY NOT NULL,
	"deal_id" bigint,
	"stage" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "logo_image_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lead_id" bigint;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "lead_id" bigint;--> statement-breakpoint
ALTER TABLE "crm_lead_deals" ADD CONSTRAINT "crm_lead_deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_deals" ADD CONSTRAINT "crm_lead_deals_lead_id_crm_records_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_deals" ADD CONSTRAINT "crm_lead_deals_deal_id_crm_records_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_logo_image_id_company_profile_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."company_profile_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_lead_unique" ON "quotations" USING btree ("company_id","lead_id");