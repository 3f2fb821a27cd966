-- The keys an equality asks the tenant GIN for (decision 028, session 19): a value's exact keys, without the
-- folded ones of migration 0039. A record holding a string's exact key also holds its folded key, so asking
-- for both found the same records while the index intersected twice as many posting lists (the bench's list
-- with two equalities and a keyword: 3.1 ms against 2.0 ms). The index keeps crm_value_keys; this function
-- spells out its first two parts exactly as they stand there, and is called by queries only.
CREATE FUNCTION crm_exact_keys(company_id bigint, type_id smallint, record_values jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(item.key)::text || item.value_key), '{}')
  FROM (
    SELECT field.key, '=' || CASE jsonb_typeof(field.value)
        WHEN 'number' THEN trim_scale(field.value::numeric)::text
        WHEN 'string' THEN CASE WHEN length(field.value::text) > 200 THEN 'md5:' || md5(field.value::text) ELSE field.value::text END
        ELSE field.value::text
      END
    FROM jsonb_each(record_values) field
    WHERE jsonb_typeof(field.value) NOT IN ('object', 'array')
    UNION ALL
    SELECT field.key, '=' || CASE jsonb_typeof(element.value)
        WHEN 'number' THEN trim_scale(element.value::numeric)::text
        WHEN 'string' THEN CASE WHEN length(element.value::text) > 200 THEN 'md5:' || md5(element.value::text) ELSE element.value::text END
        ELSE element.value::text
      END
    FROM jsonb_each(record_values) field, jsonb_array_elements(field.value) element
    WHERE jsonb_typeof(field.value) = 'array' AND jsonb_typeof(element.value) NOT IN ('object', 'array')
  ) item(key, value_key)
$$;
