-- Tenant-scoped value keys (decision 028, session 14). The tenant GIN held jsonb_path_ops hashes of
-- jsonb_set('{}', [company:type], values): a hash may collide, so every candidate was rechecked by
-- building that document again, a copy of its values. It now holds exact keys, one per value (and per
-- element of a list): `<company>:<type> "<field>"=<value as JSON>`, numbers without trailing zeros as
-- jsonb compares them, texts over 200 characters by their MD5. Array containment of exact keys needs no
-- recheck. Queries build their keys with this same function, so both sides are written alike.
CREATE FUNCTION crm_value_keys(company_id bigint, type_id smallint, record_values jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(item.key)::text || '=' ||
    CASE jsonb_typeof(item.value)
      WHEN 'number' THEN trim_scale(item.value::numeric)::text
      WHEN 'string' THEN
        CASE WHEN length(item.value::text) > 200 THEN 'md5:' || md5(item.value::text) ELSE item.value::text END
      ELSE item.value::text
    END), '{}')
  FROM (
    -- Single values, then the elements of lists: one pass each (wrapping every value in a list to
    -- unnest it took two and a half times as long).
    SELECT field.key, field.value FROM jsonb_each(record_values) field
    WHERE jsonb_typeof(field.value) NOT IN ('object', 'array')
    UNION ALL
    SELECT field.key, element.value FROM jsonb_each(record_values) field, jsonb_array_elements(field.value) element
    WHERE jsonb_typeof(field.value) = 'array' AND jsonb_typeof(element.value) NOT IN ('object', 'array')
  ) item
$$;
--> statement-breakpoint
DROP INDEX "crm_records_tenant_idx";
--> statement-breakpoint
CREATE INDEX "crm_records_tenant_idx" ON "crm_records" USING gin (crm_value_keys("company_id", "type_id", "values"), "search");
