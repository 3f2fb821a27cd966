CREATE TABLE "lead_score_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_score_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"previous" smallint,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_scores" (
	"lead_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"version" integer NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"rescore_total" integer DEFAULT 0 NOT NULL,
	"rescore_done" integer DEFAULT 0 NOT NULL,
	"rescore_started_at" timestamp with time zone,
	"rescore_finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_score_history" ADD CONSTRAINT "lead_score_history_lead_id_crm_records_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_score_history" ADD CONSTRAINT "lead_score_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scores" ADD CONSTRAINT "lead_scores_lead_id_crm_records_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scores" ADD CONSTRAINT "lead_scores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_settings" ADD CONSTRAINT "scoring_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_score_history_lead_idx" ON "lead_score_history" USING btree ("lead_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_scores_company_score_idx" ON "lead_scores" USING btree ("company_id","score");