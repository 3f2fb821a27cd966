CREATE TABLE "crm_activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"record_id" bigint,
	"subject" text NOT NULL,
	"description" text,
	"owner_id" bigint,
	"created_by" bigint,
	"status" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"due_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"all_day" boolean DEFAULT false NOT NULL,
	"location" text,
	"meeting_link" text,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"call_direction" text,
	"duration_seconds" integer,
	"outcome" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_activities_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
CREATE TABLE "crm_assignment_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_assignment_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"match_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"author_id" bigint,
	"status" text DEFAULT 'draft' NOT NULL,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"outbox_id" bigint,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"uploaded_by" bigint,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_lead_statuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_lead_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"position" integer NOT NULL,
	"is_converted" boolean DEFAULT false NOT NULL,
	"is_lost" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_lead_threads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_lead_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"lead_id" bigint NOT NULL,
	"thread_type" smallint NOT NULL,
	"thread_name" text NOT NULL,
	"lead_source" text NOT NULL,
	"contact_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"product_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text,
	"enquiry_id" bigint,
	"room_id" bigint,
	"buyer_user_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_lead_threads_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
CREATE TABLE "crm_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"author_id" bigint,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_record_tags" (
	"company_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_record_tags_record_id_tag_id_pk" PRIMARY KEY("record_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "crm_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"record_id" bigint,
	"activity_id" bigint,
	"title" text NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"colour" text DEFAULT 'gray' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_timeline" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"action" text DEFAULT 'added' NOT NULL,
	"actor_id" bigint,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_assignment_rules" ADD CONSTRAINT "crm_assignment_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_emails" ADD CONSTRAINT "crm_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_emails" ADD CONSTRAINT "crm_emails_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_emails" ADD CONSTRAINT "crm_emails_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_files" ADD CONSTRAINT "crm_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_files" ADD CONSTRAINT "crm_files_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_files" ADD CONSTRAINT "crm_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_statuses" ADD CONSTRAINT "crm_lead_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_threads" ADD CONSTRAINT "crm_lead_threads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_threads" ADD CONSTRAINT "crm_lead_threads_lead_id_crm_records_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_threads" ADD CONSTRAINT "crm_lead_threads_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_threads" ADD CONSTRAINT "crm_lead_threads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_record_tags" ADD CONSTRAINT "crm_record_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_record_tags" ADD CONSTRAINT "crm_record_tags_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_record_tags" ADD CONSTRAINT "crm_record_tags_tag_id_crm_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."crm_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_reminders" ADD CONSTRAINT "crm_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_reminders" ADD CONSTRAINT "crm_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_reminders" ADD CONSTRAINT "crm_reminders_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_reminders" ADD CONSTRAINT "crm_reminders_activity_id_crm_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."crm_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tags" ADD CONSTRAINT "crm_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_timeline" ADD CONSTRAINT "crm_timeline_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_timeline" ADD CONSTRAINT "crm_timeline_record_id_crm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_timeline" ADD CONSTRAINT "crm_timeline_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_activities_record_idx" ON "crm_activities" USING btree ("record_id","kind");--> statement-breakpoint
CREATE INDEX "crm_activities_company_idx" ON "crm_activities" USING btree ("company_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_activities_owner_idx" ON "crm_activities" USING btree ("owner_id","due_at");--> statement-breakpoint
CREATE INDEX "crm_assignment_rules_company_idx" ON "crm_assignment_rules" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "crm_emails_record_idx" ON "crm_emails" USING btree ("record_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_files_record_idx" ON "crm_files" USING btree ("record_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "crm_lead_statuses_name_unique" ON "crm_lead_statuses" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crm_lead_threads_lead_idx" ON "crm_lead_threads" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_lead_threads_company_idx" ON "crm_lead_threads" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "crm_lead_threads_enquiry_unique" ON "crm_lead_threads" USING btree ("company_id","enquiry_id");--> statement-breakpoint
CREATE INDEX "crm_notes_record_idx" ON "crm_notes" USING btree ("record_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_record_tags_tag_idx" ON "crm_record_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "crm_reminders_user_idx" ON "crm_reminders" USING btree ("user_id","remind_at");--> statement-breakpoint
CREATE INDEX "crm_reminders_due_idx" ON "crm_reminders" USING btree ("remind_at") WHERE "crm_reminders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_tags_name_unique" ON "crm_tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crm_timeline_record_idx" ON "crm_timeline" USING btree ("record_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_timeline_company_idx" ON "crm_timeline" USING btree ("company_id","id" DESC NULLS LAST);