-- The keys a query asks the tenant GIN for (decision 028, session 20), unchanged, in PL/pgSQL. A SQL function that
-- is not inlined, as these index conditions' functions are not, is parsed and planned again each time a statement
-- runs; a PL/pgSQL function keeps its plan for the connection's life. On the bench's filter list that was 7 % of
-- PostgreSQL's CPU (ExecIndexEvalRuntimeKeys → fmgr_sql → pg_plan_query). Only queries call these functions, so no
-- index is rebuilt.
CREATE OR REPLACE FUNCTION crm_exact_keys(company_id bigint, type_id smallint, record_values jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(item.key)::text || item.value_key), '{}')
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
    ) item(key, value_key));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_text_keys(company_id bigint, type_id smallint, field text, texts text[]) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(field)::text || mark.sign ||
      CASE WHEN length(to_json(text)::text) > 200 THEN 'md5:' || md5(to_json(text)::text) ELSE to_json(text)::text END), '{}')
    FROM unnest(texts) text, (VALUES ('='), ('~')) mark(sign));
END
$$;
