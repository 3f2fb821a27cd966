DROP INDEX "crm_records_tenant_values_idx";--> statement-breakpoint
DROP INDEX "crm_records_search_idx";--> statement-breakpoint
CREATE INDEX "crm_records_tenant_idx" ON "crm_records" USING gin ((jsonb_set('{}'::jsonb, ARRAY["company_id"::text || ':' || "type_id"::text], "values")) jsonb_path_ops,"search");