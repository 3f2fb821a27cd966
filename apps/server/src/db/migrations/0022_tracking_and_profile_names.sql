CREATE TABLE "crm_engagement_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"product_views" integer NOT NULL,
	"intent_clicks" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_lead_sessions" (
	"lead_id" bigint NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_lead_sessions_lead_id_session_id_pk" PRIMARY KEY("lead_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "crm_lead_visitors" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"lead_id" bigint NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_lead_visitors_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"session_id" text NOT NULL,
	"page_id" text,
	"user_id" bigint,
	"company_id" bigint,
	"product_id" bigint,
	"name" text,
	"url" text,
	"value" integer,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "tracking_sessions" (
	"session_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_sessions_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "crm_engagement_settings" ADD CONSTRAINT "crm_engagement_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_sessions" ADD CONSTRAINT "crm_lead_sessions_lead_id_crm_records_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_visitors" ADD CONSTRAINT "crm_lead_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_visitors" ADD CONSTRAINT "crm_lead_visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_visitors" ADD CONSTRAINT "crm_lead_visitors_lead_id_crm_records_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_lead_visitors_lead_idx" ON "crm_lead_visitors" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "tracking_events_company_at_idx" ON "tracking_events" USING btree ("company_id","at","kind","page_id","product_id","value","user_id","session_id","name");--> statement-breakpoint
CREATE INDEX "tracking_events_session_idx" ON "tracking_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "tracking_events_user_idx" ON "tracking_events" USING btree ("user_id","at") WHERE "tracking_events"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "tracking_events_view_page_idx" ON "tracking_events" USING btree ("page_id") WHERE "tracking_events"."kind" = 'view';--> statement-breakpoint
CREATE INDEX "tracking_sessions_user_idx" ON "tracking_sessions" USING btree ("user_id");