CREATE TABLE "crm_enquiry_deals" (
	"company_id" bigint NOT NULL,
	"enquiry_id" bigint PRIMARY KEY NOT NULL,
	"deal_id" bigint,
	"stage" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"company_id" bigint NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_company_id_series_pk" PRIMARY KEY("company_id","series")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"credited_invoice_id" bigint,
	"currency_code" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(20, 4) NOT NULL,
	"discount" numeric(20, 4) NOT NULL,
	"tax" numeric(20, 4) NOT NULL,
	"total" numeric(20, 4) NOT NULL,
	"reason" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"text" text NOT NULL,
	"actor_side" text NOT NULL,
	"actor_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"quotation_id" bigint NOT NULL,
	"quotation_version" integer NOT NULL,
	"enquiry_id" bigint,
	"buyer_user_id" bigint NOT NULL,
	"seller_user_id" bigint NOT NULL,
	"quoted_by" bigint,
	"currency_code" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(20, 4) NOT NULL,
	"discount" numeric(20, 4) NOT NULL,
	"tax" numeric(20, 4) NOT NULL,
	"total" numeric(20, 4) NOT NULL,
	"price_term" text,
	"payment_terms" text,
	"delivery_time" text,
	"delivery_port" text,
	"seller_tax_id" text,
	"buyer_tax_id" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"carrier" text,
	"tracking_reference" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotation_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quotation_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(20, 4) NOT NULL,
	"discount" numeric(20, 4) NOT NULL,
	"tax" numeric(20, 4) NOT NULL,
	"total" numeric(20, 4) NOT NULL,
	"price_term" text,
	"payment_terms" text,
	"delivery_time" text,
	"delivery_port" text,
	"valid_until" date NOT NULL,
	"notes" text,
	"seller_tax_id" text,
	"buyer_tax_id" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"enquiry_id" bigint,
	"buyer_user_id" bigint NOT NULL,
	"seller_user_id" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_enquiry_deals" ADD CONSTRAINT "crm_enquiry_deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry_deals" ADD CONSTRAINT "crm_enquiry_deals_deal_id_crm_records_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("company_id","kind","number");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_kind" ON "invoices" USING btree ("order_id","kind") WHERE "invoices"."kind" in ('proforma', 'commercial');--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quotation_unique" ON "orders" USING btree ("quotation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_unique" ON "quotation_versions" USING btree ("quotation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_number_unique" ON "quotations" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_enquiry_unique" ON "quotations" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "quotations_buyer_idx" ON "quotations" USING btree ("buyer_user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: orders and quotations are sources of the seller statistics (total_orders and the
-- quotation-to-order conversion, issue 44), counted in the
-- statistics' change counts like the other sources of migration 0035.
CREATE TRIGGER statistics_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_orders_updated AFTER UPDATE ON orders REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_orders_truncated AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
--> statement-breakpoint
CREATE TRIGGER statistics_quotations_inserted AFTER INSERT ON quotations REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_quotations_deleted AFTER DELETE ON quotations REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER statistics_quotations_truncated AFTER TRUNCATE ON quotations
FOR EACH STATEMENT EXECUTE FUNCTION statistics_rows_changed();
