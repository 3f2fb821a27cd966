CREATE TABLE "market_exchange_rates" (
	"currency_id" integer PRIMARY KEY NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_listings" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"seller_user_id" bigint,
	"name" text NOT NULL,
	"pre_title_name" text,
	"slug" text NOT NULL,
	"unique_number" text NOT NULL,
	"summary" text NOT NULL,
	"brand_id" integer NOT NULL,
	"brand_name" text NOT NULL,
	"category_ids" integer[] NOT NULL,
	"category_id" integer,
	"category_name" text,
	"company_name" text NOT NULL,
	"company_slug" text NOT NULL,
	"business_type" text NOT NULL,
	"country_code" text,
	"annual_revenue" text,
	"member_type" text NOT NULL,
	"plan_type" text NOT NULL,
	"condition" text,
	"price_type" text NOT NULL,
	"availability" text NOT NULL,
	"product_type" text NOT NULL,
	"manufacturer_year" integer,
	"price_min" numeric(16, 4),
	"price_max" numeric(16, 4),
	"price_currency_id" integer,
	"price_min_usd" numeric(16, 4),
	"price_max_usd" numeric(16, 4),
	"price_term" text,
	"unit_name" text,
	"min_order" numeric(16, 4),
	"combinations" integer NOT NULL,
	"main_image" text,
	"document" "tsvector" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_operators" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_page_activity" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"page" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_product_stats" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"search_views" integer DEFAULT 0 NOT NULL,
	"wishlists" integer DEFAULT 0 NOT NULL,
	"quotes" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_sellers" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"annual_revenue" text,
	"member_type" text DEFAULT 'Standard Member' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_wishlist" (
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_wishlist_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_user_id" bigint NOT NULL,
	"contact_user_id" bigint NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"enquiry_count" integer DEFAULT 0 NOT NULL,
	"last_enquiry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_group" uuid NOT NULL,
	"enquiry_user_id" bigint NOT NULL,
	"seller_user_id" bigint NOT NULL,
	"seller_company_id" bigint NOT NULL,
	"product_id" bigint,
	"product_name" text NOT NULL,
	"pre_title_name" text,
	"product_image" text,
	"product_url" text,
	"combination" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_name" text,
	"currency_id" integer NOT NULL,
	"requested_unit_price" numeric(18, 4) NOT NULL,
	"requested_total" numeric(18, 4) NOT NULL,
	"lines" jsonb NOT NULL,
	"price_term" text,
	"needed_by" timestamp with time zone,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"offer_unit_price" numeric(18, 4),
	"offer_total" numeric(18, 4),
	"valid_until" timestamp with time zone,
	"buyer_read_at" timestamp with time zone,
	"seller_read_at" timestamp with time zone,
	"last_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enquiry_id" bigint NOT NULL,
	"author_user_id" bigint,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"unit_price" numeric(18, 4),
	"total" numeric(18, 4),
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_configurations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"user_id" bigint,
	"product_id" bigint NOT NULL,
	"main_product_id" bigint,
	"type" text NOT NULL,
	"combination" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"total" numeric(18, 4) NOT NULL,
	"currency_id" integer,
	"equation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_exchange_rates" ADD CONSTRAINT "market_exchange_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exchange_rates" ADD CONSTRAINT "market_exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_operators" ADD CONSTRAINT "market_operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_product_stats" ADD CONSTRAINT "market_product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sellers" ADD CONSTRAINT "market_sellers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_wishlist" ADD CONSTRAINT "market_wishlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_wishlist" ADD CONSTRAINT "market_wishlist_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_enquiry_user_id_users_id_fk" FOREIGN KEY ("enquiry_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_configurations" ADD CONSTRAINT "quote_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_configurations" ADD CONSTRAINT "quote_configurations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_listings_document_idx" ON "market_listings" USING gin ("document");--> statement-breakpoint
CREATE INDEX "market_listings_categories_idx" ON "market_listings" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "market_listings_name_trgm_idx" ON "market_listings" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "market_listings_created_idx" ON "market_listings" USING btree ("created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_listings_price_idx" ON "market_listings" USING btree ("price_min_usd");--> statement-breakpoint
CREATE INDEX "market_listings_company_idx" ON "market_listings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "market_listings_seller_idx" ON "market_listings" USING btree ("seller_user_id");--> statement-breakpoint
CREATE INDEX "market_page_activity_seen_idx" ON "market_page_activity" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "market_product_stats_search_idx" ON "market_product_stats" USING btree ("search_views" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_product_stats_wishlist_idx" ON "market_product_stats" USING btree ("wishlists" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_search_terms_trgm_idx" ON "market_search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "market_search_terms_popular_idx" ON "market_search_terms" USING btree ("searches" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_search_words_trgm_idx" ON "market_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "market_wishlist_product_idx" ON "market_wishlist" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_pair_unique" ON "contacts" USING btree ("owner_user_id","contact_user_id");--> statement-breakpoint
CREATE INDEX "contacts_owner_idx" ON "contacts" USING btree ("owner_user_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_new_idx" ON "contacts" USING btree ("owner_user_id") WHERE "contacts"."is_new";--> statement-breakpoint
CREATE INDEX "enquiries_seller_idx" ON "enquiries" USING btree ("seller_company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_buyer_idx" ON "enquiries" USING btree ("enquiry_user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_group_idx" ON "enquiries" USING btree ("request_group");--> statement-breakpoint
CREATE INDEX "enquiry_messages_enquiry_idx" ON "enquiry_messages" USING btree ("enquiry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_configurations_line_unique" ON "quote_configurations" USING btree ("session_id","product_id");--> statement-breakpoint
CREATE INDEX "quote_configurations_updated_idx" ON "quote_configurations" USING btree ("updated_at");