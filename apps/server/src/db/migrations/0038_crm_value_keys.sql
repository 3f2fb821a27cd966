-- Tenant-scoped value keys (decision 028, session 14). The tenant GIN held jsonb_path_ops hashes of
-- jsonb_set('{}', [company:type], values): a hash may collide, so every candidate was rechecked by
-- building that document again, a copy of its values. It now holds exact keys, one per value (and per
-- element of a list): `<company>:<type> "<field>"=<value as JSON>`, numbers without trailing zeros as
-- jsonb compares them, texts over 200 characters by their MD5. Array containment of exact keys needs no
-- recheck. Queries build their keys with this same function, so both sides are written alike.
CREATE FUNCTION crm_value_keys(company_id bigint, type_id smallint, record_values jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(field.key)::text || '=' ||
    CASE jsonb_typeof(element.value)
      WHEN 'number' THEN trim_scale(element.value::numeric)::text
      WHEN 'string' THEN
        CASE WHEN length(element.value::text) > 200 THEN 'md5:' || md5(element.value::text) ELSE element.value::text END
      ELSE element.value::text
    END), '{}')
  FROM jsonb_each(record_values) field,
    jsonb_array_elements(CASE jsonb_typeof(field.value) WHEN 'array' THEN field.value ELSE jsonb_build_array(field.value) END) element
  WHERE jsonb_typeof(element.value) NOT IN ('object', 'array')
$$;
--> statement-breakpoint
DROP INDEX "crm_records_tenant_idx";
--> statement-breakpoint
CREATE INDEX "crm_records_tenant_idx" ON "crm_records" USING gin (crm_value_keys("company_id", "type_id", "values"), "search");
