-- Case-folded text keys in the tenant GIN (decision 028, session 18). "Is", "contains" and "ends with" on a
-- text, e-mail, phone or URL field compare lower-cased texts. Beside its exact key, a string value that
-- lower-casing changes now has a folded one: `17:1 "company"~"acme steel"`. The records whose value
-- lower-cases to a text t are then those holding `"f"=t` (the value is t) or `"f"~t` (it lower-cases to
-- t), the two keys crm_text_keys makes; with the field's distinct texts (crm_value_texts) the index answers
-- these conditions exactly, as it answers equalities. A string already in lower case (an e-mail address,
-- a phone number) adds no key. Texts over 200 characters as JSON are keyed by their MD5, as before (a GIN key
-- must stay small). Index expressions run with only pg_catalog on the search path (PostgreSQL 17, PGlite), so
-- these functions call no function of their own: the key's text is spelt out in each place.

CREATE OR REPLACE FUNCTION crm_value_keys(company_id bigint, type_id smallint, record_values jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(item.key)::text || item.value_key), '{}')
  FROM (
    -- Single values, then the elements of lists, then the folded strings: one pass each (wrapping every
    -- value in a list to unnest it took two and a half times as long).
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
    UNION ALL
    SELECT field.key, '~' || CASE WHEN length(to_json(lower(field.value #>> '{}'))::text) > 200 THEN 'md5:' || md5(to_json(lower(field.value #>> '{}'))::text) ELSE to_json(lower(field.value #>> '{}'))::text END
    FROM jsonb_each(record_values) field
    WHERE jsonb_typeof(field.value) = 'string' AND lower(field.value #>> '{}') <> field.value #>> '{}'
  ) item(key, value_key)
$$;
--> statement-breakpoint
-- The keys of the records of a tenant whose `field` lower-cases to one of `texts` (lower-case texts).
CREATE FUNCTION crm_text_keys(company_id bigint, type_id smallint, field text, texts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(company_id || ':' || type_id || ' ' || to_json(field)::text || mark.sign ||
    CASE WHEN length(to_json(text)::text) > 200 THEN 'md5:' || md5(to_json(text)::text) ELSE to_json(text)::text END), '{}')
  FROM unnest(texts) text, (VALUES ('='), ('~')) mark(sign)
$$;
--> statement-breakpoint
REINDEX INDEX "crm_records_tenant_idx";
