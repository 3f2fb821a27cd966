ALTER TABLE "enquiries" ADD COLUMN "rfq" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_response_by" bigint;--> statement-breakpoint
CREATE INDEX "crm_records_statistics_idx" ON "crm_records" USING btree ("company_id","owner_id","type_id","created_at","converted_at","converted_deal_id") WHERE "crm_records"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "enquiries_statistics_idx" ON "enquiries" USING btree ("seller_company_id","created_at","first_response_by","first_response_at","rfq");--> statement-breakpoint
CREATE INDEX "tracking_daily_buyers_user_idx" ON "tracking_daily_buyers" USING btree ("company_id","user_id","day","views","time_ms");--> statement-breakpoint
-- Backfill (decision 042): an enquiry is part of an RFQ when its request group reached another seller;
-- its first response is the first seller-side row of its thread.
UPDATE "enquiries" e SET "rfq" = true
WHERE EXISTS (SELECT 1 FROM "enquiries" o WHERE o."request_group" = e."request_group" AND o."id" <> e."id");--> statement-breakpoint
UPDATE "enquiries" e SET "first_response_at" = f."created_at", "first_response_by" = f."author_user_id"
FROM (
  SELECT DISTINCT ON ("enquiry_id") "enquiry_id", "created_at", "author_user_id"
  FROM "enquiry_messages" WHERE "side" = 'seller' ORDER BY "enquiry_id", "id"
) f
WHERE f."enquiry_id" = e."id";
