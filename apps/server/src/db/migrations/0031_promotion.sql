CREATE TABLE "ad_daily_stats" (
	"ad_id" bigint NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_stats_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_products" (
	"ad_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "ad_products_ad_id_product_id_pk" PRIMARY KEY("ad_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"ad_type" text NOT NULL,
	"title_1" text NOT NULL,
	"title_2" text,
	"title_3" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banner_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"banner_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banner_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"page" text NOT NULL,
	"active_banner" boolean NOT NULL,
	"default_banner" boolean NOT NULL,
	"swap_banner" boolean NOT NULL,
	"indicator_banner" boolean NOT NULL,
	"navigation_button" boolean NOT NULL,
	"nav_button_visible" boolean NOT NULL,
	"full_height_hover" boolean NOT NULL,
	"background_color" text NOT NULL,
	"alt_tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_products" ADD CONSTRAINT "ad_products_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_products" ADD CONSTRAINT "ad_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_images" ADD CONSTRAINT "banner_images_banner_id_banner_settings_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banner_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_settings" ADD CONSTRAINT "banner_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_company_idx" ON "ads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_running_idx" ON "ads" USING btree ("end_date","start_date");--> statement-breakpoint
CREATE INDEX "banner_images_banner_idx" ON "banner_images" USING btree ("banner_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "banner_settings_company_page_idx" ON "banner_settings" USING btree ("company_id","page");