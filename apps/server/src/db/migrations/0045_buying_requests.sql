CREATE TABLE "buying_request_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buying_request_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buying_request_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buying_request_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"seller_user_id" bigint NOT NULL,
	"enquiry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buying_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buying_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"buyer_user_id" bigint NOT NULL,
	"buyer_company_id" bigint,
	"category_id" integer NOT NULL,
	"product_keyword" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_id" integer NOT NULL,
	"target_price" numeric(18, 4),
	"currency_id" integer,
	"country_code" text NOT NULL,
	"port" text,
	"required_by" date NOT NULL,
	"requirements" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buying_request_files" ADD CONSTRAINT "buying_request_files_request_id_buying_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."buying_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_request_recipients" ADD CONSTRAINT "buying_request_recipients_request_id_buying_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."buying_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_request_recipients" ADD CONSTRAINT "buying_request_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_request_recipients" ADD CONSTRAINT "buying_request_recipients_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_request_recipients" ADD CONSTRAINT "buying_request_recipients_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_requests" ADD CONSTRAINT "buying_requests_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_requests" ADD CONSTRAINT "buying_requests_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_requests" ADD CONSTRAINT "buying_requests_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_requests" ADD CONSTRAINT "buying_requests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_requests" ADD CONSTRAINT "buying_requests_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buying_request_files_request_idx" ON "buying_request_files" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buying_request_recipients_unique" ON "buying_request_recipients" USING btree ("request_id","company_id");--> statement-breakpoint
CREATE INDEX "buying_request_recipients_company_idx" ON "buying_request_recipients" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "buying_request_recipients_enquiry_idx" ON "buying_request_recipients" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "buying_requests_buyer_idx" ON "buying_requests" USING btree ("buyer_user_id","created_at");