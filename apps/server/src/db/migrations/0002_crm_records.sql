CREATE TABLE "crm_form_fields" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_form_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"section_id" bigint,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"field_type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"tooltip" text,
	"option_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_form_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_form_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"name" text NOT NULL,
	"tab_columns" text DEFAULT 'multi' NOT NULL,
	"position" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_forms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_forms_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
CREATE TABLE "crm_kanban_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"type_id" smallint DEFAULT 1 NOT NULL,
	"group_by" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"form_id" bigint NOT NULL,
	"owner_id" bigint,
	"created_by" bigint,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"converted_contact_id" bigint,
	"converted_account_id" bigint,
	"converted_deal_id" bigint,
	"source_lead_id" bigint,
	CONSTRAINT "crm_records_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
CREATE TABLE "crm_saved_filters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_saved_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" jsonb,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_form_fields" ADD CONSTRAINT "crm_form_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_form_fields" ADD CONSTRAINT "crm_form_fields_form_id_crm_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."crm_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_form_fields" ADD CONSTRAINT "crm_form_fields_section_id_crm_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."crm_form_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_form_sections" ADD CONSTRAINT "crm_form_sections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_form_sections" ADD CONSTRAINT "crm_form_sections_form_id_crm_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."crm_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_forms" ADD CONSTRAINT "crm_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_kanban_settings" ADD CONSTRAINT "crm_kanban_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_kanban_settings" ADD CONSTRAINT "crm_kanban_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_form_id_crm_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."crm_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_saved_filters" ADD CONSTRAINT "crm_saved_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_saved_filters" ADD CONSTRAINT "crm_saved_filters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_views" ADD CONSTRAINT "crm_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_views" ADD CONSTRAINT "crm_views_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_form_fields_form_name_unique" ON "crm_form_fields" USING btree ("form_id","name");--> statement-breakpoint
CREATE INDEX "crm_form_fields_section_idx" ON "crm_form_fields" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "crm_form_sections_form_idx" ON "crm_form_sections" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_forms_company_type_unique" ON "crm_forms" USING btree ("company_id","type_id");--> statement-breakpoint
CREATE INDEX "crm_records_list_idx" ON "crm_records" USING btree ("company_id","type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "crm_records"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "crm_records_trash_idx" ON "crm_records" USING btree ("company_id","type_id","deleted_at") WHERE "crm_records"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_records_values_idx" ON "crm_records" USING gin ("values" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "crm_records_search_idx" ON "crm_records" USING gin ("search");--> statement-breakpoint
CREATE INDEX "crm_records_source_lead_idx" ON "crm_records" USING btree ("source_lead_id");--> statement-breakpoint
CREATE INDEX "crm_records_owner_idx" ON "crm_records" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_saved_filters_name_unique" ON "crm_saved_filters" USING btree ("company_id","type_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_views_name_unique" ON "crm_views" USING btree ("company_id","type_id",lower("name"));