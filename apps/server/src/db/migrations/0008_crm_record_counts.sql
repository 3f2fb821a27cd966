CREATE TABLE "crm_record_counts" (
	"company_id" bigint NOT NULL,
	"type_id" smallint NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_record_counts_idx" ON "crm_record_counts" USING btree ("company_id","type_id");