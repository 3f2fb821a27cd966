CREATE TABLE "crm_record_days" (
	"company_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"day" date NOT NULL,
	"records" integer NOT NULL,
	"converted" integer NOT NULL,
	"with_deal" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_days" (
	"company_id" bigint NOT NULL,
	"responder_id" bigint NOT NULL,
	"day" date NOT NULL,
	"quotations" integer NOT NULL,
	"rfq" integer NOT NULL,
	"answered" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "rfq" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_response_by" bigint;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "response_seconds" integer GENERATED ALWAYS AS ((extract(epoch from first_response_at - created_at))::integer) STORED;--> statement-breakpoint
CREATE INDEX "crm_record_days_idx" ON "crm_record_days" USING btree ("company_id","owner_id","day");--> statement-breakpoint
CREATE INDEX "enquiry_days_idx" ON "enquiry_days" USING btree ("company_id","responder_id","day");--> statement-breakpoint
CREATE INDEX "enquiries_statistics_idx" ON "enquiries" USING btree ("seller_company_id","created_at","first_response_by","first_response_at","rfq");--> statement-breakpoint
CREATE INDEX "enquiries_response_idx" ON "enquiries" USING btree ("seller_company_id","response_seconds","created_at") WHERE "enquiries"."response_seconds" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "enquiries_member_response_idx" ON "enquiries" USING btree ("seller_company_id","first_response_by","response_seconds","created_at") WHERE "enquiries"."response_seconds" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tracking_daily_buyers_user_idx" ON "tracking_daily_buyers" USING btree ("company_id","user_id","day","views","time_ms");--> statement-breakpoint
-- Live records per company, owner, type and day of creation (decision 042), kept like crm_record_counts
-- (migration 0009): each statement appends its net change, so writers never wait on each other. A live
-- lead also counts whether its deal (from the conversion) is live and won: a change of the lead counts it
-- with its deal as it is now, a change of the deal moves its lead's counts ('Closed Won' is the default
-- deal form's won stage, DEAL_WON_STAGE).
CREATE OR REPLACE FUNCTION crm_days_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_days (company_id, owner_id, type_id, day, records, converted, with_deal, won)
  SELECT company_id, owner_id, type_id, day, sum(records), sum(converted), sum(with_deal), sum(won)
  FROM (
    SELECT n.company_id, coalesce(n.owner_id, 0), n.type_id, (n.created_at AT TIME ZONE 'UTC')::date,
           1, (n.converted_at IS NOT NULL)::int, (d.id IS NOT NULL)::int, coalesce(d.values @> '{"stage": "Closed Won"}'::jsonb, false)::int
    FROM new_rows n
    LEFT JOIN crm_records d ON n.type_id = 1 AND d.id = n.converted_deal_id AND d.deleted_at IS NULL
    WHERE n.deleted_at IS NULL
    UNION ALL
    SELECT l.company_id, coalesce(l.owner_id, 0), l.type_id, (l.created_at AT TIME ZONE 'UTC')::date,
           0, 0, 1, (x.values @> '{"stage": "Closed Won"}'::jsonb)::int
    FROM new_rows x
    JOIN crm_records l ON l.id = x.source_lead_id AND l.converted_deal_id = x.id AND l.type_id = 1 AND l.deleted_at IS NULL
    WHERE x.type_id = 2 AND x.deleted_at IS NULL AND x.source_lead_id IS NOT NULL
  ) AS change (company_id, owner_id, type_id, day, records, converted, with_deal, won)
  GROUP BY 1, 2, 3, 4
  HAVING sum(records) <> 0 OR sum(converted) <> 0 OR sum(with_deal) <> 0 OR sum(won) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_days_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_days (company_id, owner_id, type_id, day, records, converted, with_deal, won)
  SELECT company_id, owner_id, type_id, day, sum(records), sum(converted), sum(with_deal), sum(won)
  FROM (
    SELECT o.company_id, coalesce(o.owner_id, 0), o.type_id, (o.created_at AT TIME ZONE 'UTC')::date,
           -1, -(o.converted_at IS NOT NULL)::int, -(d.id IS NOT NULL)::int, -coalesce(d.values @> '{"stage": "Closed Won"}'::jsonb, false)::int
    FROM old_rows o
    LEFT JOIN crm_records d ON o.type_id = 1 AND d.id = o.converted_deal_id AND d.deleted_at IS NULL
    WHERE o.deleted_at IS NULL
    UNION ALL
    SELECT n.company_id, coalesce(n.owner_id, 0), n.type_id, (n.created_at AT TIME ZONE 'UTC')::date,
           1, (n.converted_at IS NOT NULL)::int, (d.id IS NOT NULL)::int, coalesce(d.values @> '{"stage": "Closed Won"}'::jsonb, false)::int
    FROM new_rows n
    LEFT JOIN crm_records d ON n.type_id = 1 AND d.id = n.converted_deal_id AND d.deleted_at IS NULL
    WHERE n.deleted_at IS NULL
    UNION ALL
    SELECT l.company_id, coalesce(l.owner_id, 0), l.type_id, (l.created_at AT TIME ZONE 'UTC')::date,
           0, 0, -1, -(x.values @> '{"stage": "Closed Won"}'::jsonb)::int
    FROM old_rows x
    JOIN crm_records l ON l.id = x.source_lead_id AND l.converted_deal_id = x.id AND l.type_id = 1 AND l.deleted_at IS NULL
    WHERE x.type_id = 2 AND x.deleted_at IS NULL AND x.source_lead_id IS NOT NULL
    UNION ALL
    SELECT l.company_id, coalesce(l.owner_id, 0), l.type_id, (l.created_at AT TIME ZONE 'UTC')::date,
           0, 0, 1, (y.values @> '{"stage": "Closed Won"}'::jsonb)::int
    FROM new_rows y
    JOIN crm_records l ON l.id = y.source_lead_id AND l.converted_deal_id = y.id AND l.type_id = 1 AND l.deleted_at IS NULL
    WHERE y.type_id = 2 AND y.deleted_at IS NULL AND y.source_lead_id IS NOT NULL
  ) AS change (company_id, owner_id, type_id, day, records, converted, with_deal, won)
  GROUP BY 1, 2, 3, 4
  HAVING sum(records) <> 0 OR sum(converted) <> 0 OR sum(with_deal) <> 0 OR sum(won) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_days_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_record_days (company_id, owner_id, type_id, day, records, converted, with_deal, won)
  SELECT company_id, owner_id, type_id, day, sum(records), sum(converted), sum(with_deal), sum(won)
  FROM (
    SELECT o.company_id, coalesce(o.owner_id, 0), o.type_id, (o.created_at AT TIME ZONE 'UTC')::date,
           -1, -(o.converted_at IS NOT NULL)::int, -(d.id IS NOT NULL)::int, -coalesce(d.values @> '{"stage": "Closed Won"}'::jsonb, false)::int
    FROM old_rows o
    LEFT JOIN crm_records d ON o.type_id = 1 AND d.id = o.converted_deal_id AND d.deleted_at IS NULL
    WHERE o.deleted_at IS NULL
    UNION ALL
    SELECT l.company_id, coalesce(l.owner_id, 0), l.type_id, (l.created_at AT TIME ZONE 'UTC')::date,
           0, 0, -1, -(x.values @> '{"stage": "Closed Won"}'::jsonb)::int
    FROM old_rows x
    JOIN crm_records l ON l.id = x.source_lead_id AND l.converted_deal_id = x.id AND l.type_id = 1 AND l.deleted_at IS NULL
    WHERE x.type_id = 2 AND x.deleted_at IS NULL AND x.source_lead_id IS NOT NULL
  ) AS change (company_id, owner_id, type_id, day, records, converted, with_deal, won)
  GROUP BY 1, 2, 3, 4
  HAVING sum(records) <> 0 OR sum(converted) <> 0 OR sum(with_deal) <> 0 OR sum(won) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_days_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm_record_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_records_days_insert AFTER INSERT ON crm_records
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_days_inserted();
--> statement-breakpoint
CREATE TRIGGER crm_records_days_update AFTER UPDATE ON crm_records
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_days_updated();
--> statement-breakpoint
CREATE TRIGGER crm_records_days_delete AFTER DELETE ON crm_records
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_days_deleted();
--> statement-breakpoint
CREATE TRIGGER crm_records_days_truncate AFTER TRUNCATE ON crm_records
FOR EACH STATEMENT EXECUTE FUNCTION crm_days_truncated();
--> statement-breakpoint
-- Records that existed before the triggers.
INSERT INTO crm_record_days (company_id, owner_id, type_id, day, records, converted, with_deal, won)
SELECT company_id, owner_id, type_id, day, sum(records), sum(converted), sum(with_deal), sum(won)
FROM (
  SELECT n.company_id, coalesce(n.owner_id, 0), n.type_id, (n.created_at AT TIME ZONE 'UTC')::date,
           1, (n.converted_at IS NOT NULL)::int, (d.id IS NOT NULL)::int, coalesce(d.values @> '{"stage": "Closed Won"}'::jsonb, false)::int
    FROM crm_records n
    LEFT JOIN crm_records d ON n.type_id = 1 AND d.id = n.converted_deal_id AND d.deleted_at IS NULL
    WHERE n.deleted_at IS NULL
) AS existing (company_id, owner_id, type_id, day, records, converted, with_deal, won)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
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
--> statement-breakpoint
-- Received enquiries per company, first responder and day of arrival (decision 042), appended per
-- statement like crm_record_days; created after the backfill above, which they must not count twice.
CREATE OR REPLACE FUNCTION enquiry_days_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiry_days (company_id, responder_id, day, quotations, rfq, answered)
  SELECT seller_company_id, coalesce(first_response_by, 0), (created_at AT TIME ZONE 'UTC')::date,
         count(*), count(*) FILTER (WHERE rfq), count(first_response_at)
  FROM new_rows GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enquiry_days_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiry_days (company_id, responder_id, day, quotations, rfq, answered)
  SELECT company_id, responder_id, day, sum(quotations), sum(rfq), sum(answered)
  FROM (
    SELECT o.seller_company_id AS company_id, coalesce(o.first_response_by, 0) AS responder_id,
           (o.created_at AT TIME ZONE 'UTC')::date AS day, -1 AS quotations,
           CASE WHEN o.rfq THEN -1 ELSE 0 END AS rfq, CASE WHEN o.first_response_at IS NULL THEN 0 ELSE -1 END AS answered
    FROM old_rows o
    UNION ALL
    SELECT n.seller_company_id, coalesce(n.first_response_by, 0), (n.created_at AT TIME ZONE 'UTC')::date, 1,
           CASE WHEN n.rfq THEN 1 ELSE 0 END, CASE WHEN n.first_response_at IS NULL THEN 0 ELSE 1 END
    FROM new_rows n
  ) change
  GROUP BY 1, 2, 3
  HAVING sum(quotations) <> 0 OR sum(rfq) <> 0 OR sum(answered) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enquiry_days_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiry_days (company_id, responder_id, day, quotations, rfq, answered)
  SELECT seller_company_id, coalesce(first_response_by, 0), (created_at AT TIME ZONE 'UTC')::date,
         -count(*), -count(*) FILTER (WHERE rfq), -count(first_response_at)
  FROM old_rows GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enquiry_days_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM enquiry_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enquiries_days_insert AFTER INSERT ON enquiries
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enquiry_days_inserted();
--> statement-breakpoint
CREATE TRIGGER enquiries_days_update AFTER UPDATE ON enquiries
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enquiry_days_updated();
--> statement-breakpoint
CREATE TRIGGER enquiries_days_delete AFTER DELETE ON enquiries
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION enquiry_days_deleted();
--> statement-breakpoint
CREATE TRIGGER enquiries_days_truncate AFTER TRUNCATE ON enquiries
FOR EACH STATEMENT EXECUTE FUNCTION enquiry_days_truncated();
--> statement-breakpoint
INSERT INTO enquiry_days (company_id, responder_id, day, quotations, rfq, answered)
SELECT seller_company_id, coalesce(first_response_by, 0), (created_at AT TIME ZONE 'UTC')::date,
       count(*), count(*) FILTER (WHERE rfq), count(first_response_at)
FROM enquiries GROUP BY 1, 2, 3;
