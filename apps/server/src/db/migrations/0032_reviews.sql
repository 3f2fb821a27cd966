CREATE TABLE "company_rating_stats" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"total" integer NOT NULL,
	"average" numeric(3, 2),
	"stars_1" integer NOT NULL,
	"stars_2" integer NOT NULL,
	"stars_3" integer NOT NULL,
	"stars_4" integer NOT NULL,
	"stars_5" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"review_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"enquiry_id" bigint,
	"room_id" bigint,
	"product_name" text,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" bigint,
	"hidden_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "company_rating_stats" ADD CONSTRAINT "company_rating_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_rating_stats_average_idx" ON "company_rating_stats" USING btree ("average");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_unique" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_enquiry_unique" ON "reviews" USING btree ("enquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_room_unique" ON "reviews" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "reviews_company_idx" ON "reviews" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_buyer_idx" ON "reviews" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("reported_at") WHERE "reviews"."reported_at" is not null;--> statement-breakpoint
-- hand-written: the chat's seller ratings (its rating prompt) become reviews of their conversation (decision 045); then seller_ratings is dropped.
INSERT INTO "reviews" ("company_id", "buyer_id", "room_id", "rating", "body", "created_at", "updated_at")
SELECT "company_id", "buyer_id", "room_id", "rating", coalesce("comment", ''), "created_at", "updated_at"
FROM "seller_ratings" ORDER BY "id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "company_rating_stats" ("company_id", "count", "total", "average", "stars_1", "stars_2", "stars_3", "stars_4", "stars_5")
SELECT "company_id", count(*), sum("rating"), round(avg("rating"), 2),
  count(*) FILTER (WHERE "rating" = 1), count(*) FILTER (WHERE "rating" = 2), count(*) FILTER (WHERE "rating" = 3),
  count(*) FILTER (WHERE "rating" = 4), count(*) FILTER (WHERE "rating" = 5)
FROM "reviews" WHERE "hidden_at" IS NULL GROUP BY "company_id";
--> statement-breakpoint
DROP TABLE "seller_ratings" CASCADE;
