-- The marketplace search index (docs/decisions/012): market_listings holds one row per public
-- product, rebuilt by market_refresh_listings() from the catalogue's tables. Triggers on those
-- tables queue the changed product ids; the queue is worked off once, when the transaction commits
-- (a deferred constraint trigger), so a save of one product or an import of thousands refreshes
-- each product once, inside the same transaction.
CREATE OR REPLACE FUNCTION market_refresh_listings(product_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM market_listings WHERE product_id = ANY (product_ids);
  INSERT INTO market_listings (
    product_id, company_id, seller_user_id, name, pre_title_name, slug, unique_number, summary,
    brand_id, brand_name, category_ids, category_id, category_name, company_name, company_slug,
    business_type, country_code, annual_revenue, member_type, plan_type, condition, price_type,
    availability, product_type, manufacturer_year, price_min, price_max, price_currency_id,
    price_min_usd, price_max_usd, price_term, unit_name, min_order, combinations, main_image,
    document, created_at, updated_at
  )
  SELECT
    p.id, p.company_id, owner.id, p.name, p.pre_title_name, p.slug, p.unique_number,
    left(regexp_replace(p.description, '\s+', ' ', 'g'), 240),
    p.brand_id, b.name, coalesce(cats.category_ids, '{}'), first_cat.id, first_cat.name, c.name, c.slug,
    c.company_type, c.country_code, s.annual_revenue, coalesce(s.member_type, 'Standard Member'),
    coalesce(owner.plan_name, 'Free'), p.condition, p.price_type, p.availability, p.product_type,
    p.manufacturer_year, p.price_min, p.price_max, p.price_currency_id,
    round(p.price_min / r.rate, 4), round(p.price_max / r.rate, 4),
    pt.name, un.name, CASE WHEN p.price_type = 'quantity' THEN tier.min_qty END,
    coalesce((SELECT round(exp(sum(ln(greatest(jsonb_array_length(o -> 'values'), 1)))))::int
              FROM jsonb_array_elements(p.choice_options) o), 1),
    img.storage_key,
    setweight(to_tsvector('english', coalesce(p.pre_title_name, '') || ' ' || p.name), 'A')
      || setweight(to_tsvector('english', b.name || ' ' || coalesce(p.model_number, '') || ' ' || coalesce(cats.names, '')), 'B')
      || setweight(to_tsvector('english', p.search_text || ' ' || c.name), 'C')
      || setweight(to_tsvector('english', p.description), 'D'),
    p.created_at, p.updated_at
  FROM products p
  JOIN brands b ON b.id = p.brand_id
  JOIN companies c ON c.id = p.company_id
  LEFT JOIN LATERAL (
    SELECT u.id, u.plan_name FROM users u
    WHERE u.company_id = c.id AND u.user_type = 'seller' AND u.deleted_at IS NULL
    ORDER BY u.id LIMIT 1
  ) owner ON true
  LEFT JOIN market_sellers s ON s.company_id = p.company_id
  LEFT JOIN market_exchange_rates r ON r.currency_id = p.price_currency_id
  LEFT JOIN price_terms pt ON pt.id = p.price_term_id
  LEFT JOIN units un ON un.id = coalesce(p.qty_unit_id, p.unit_id)
  LEFT JOIN LATERAL (
    SELECT t.min_qty FROM product_price_tiers t WHERE t.product_id = p.id ORDER BY t.position LIMIT 1
  ) tier ON true
  LEFT JOIN LATERAL (
    SELECT i.storage_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1
  ) img ON true
  LEFT JOIN LATERAL (
    SELECT cat.id, cat.name FROM product_categories pc JOIN categories cat ON cat.id = pc.category_id
    WHERE pc.product_id = p.id ORDER BY pc.position LIMIT 1
  ) first_cat ON true
  LEFT JOIN LATERAL (
    -- The tree has three levels: a category, its parent and its grandparent.
    SELECT array_agg(DISTINCT x.id) FILTER (WHERE x.id IS NOT NULL) AS category_ids,
           string_agg(DISTINCT x.name, ' ') AS names
    FROM product_categories pc
    JOIN categories c1 ON c1.id = pc.category_id
    LEFT JOIN categories c2 ON c2.id = c1.parent_id
    LEFT JOIN categories c3 ON c3.id = c2.parent_id
    CROSS JOIN LATERAL (VALUES (c1.id, c1.name), (c2.id, c2.name), (c3.id, c3.name)) x (id, name)
    WHERE pc.product_id = p.id
  ) cats ON true
  WHERE p.id = ANY (product_ids) AND p.status = 'active' AND p.deleted_at IS NULL;

  INSERT INTO market_search_words (word)
  SELECT DISTINCT w
  FROM market_listings l
  CROSS JOIN LATERAL regexp_split_to_table(
    lower(l.name || ' ' || coalesce(l.pre_title_name, '') || ' ' || l.brand_name || ' ' || l.company_name || ' '
      || coalesce((SELECT string_agg(cat.name, ' ') FROM categories cat WHERE cat.id = ANY (l.category_ids)), '')),
    '[^[:alnum:]]+'
  ) w
  WHERE l.product_id = ANY (product_ids) AND length(w) BETWEEN 3 AND 30 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
CREATE TABLE market_refresh_queue (
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  product_id bigint NOT NULL,
  PRIMARY KEY (txid, product_id)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_queue(product_ids bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO market_refresh_queue (product_id)
  SELECT DISTINCT id FROM unnest(product_ids) AS id WHERE id IS NOT NULL
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_flush_queue() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  queued bigint[];
BEGIN
  WITH taken AS (
    DELETE FROM market_refresh_queue WHERE txid = pg_current_xact_id() RETURNING product_id
  )
  SELECT array_agg(product_id) INTO queued FROM taken;
  PERFORM market_refresh_listings(queued);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Fires at commit for every queued row; the first one refreshes them all, the others find nothing.
CREATE CONSTRAINT TRIGGER market_refresh_at_commit AFTER INSERT ON market_refresh_queue
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION market_flush_queue();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_queue_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the product id in the changed table.
  IF TG_ARGV[0] = 'id' THEN
    PERFORM market_queue(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM market_queue(ARRAY(SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_queue_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_queue(ARRAY(SELECT product_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_queue_changed_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_queue(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER market_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_new_rows('id');
--> statement-breakpoint
CREATE TRIGGER market_products_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_new_rows('id');
--> statement-breakpoint
CREATE TRIGGER market_product_categories_inserted AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER market_product_categories_deleted AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_old_rows();
--> statement-breakpoint
CREATE TRIGGER market_product_tiers_inserted AFTER INSERT ON product_price_tiers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER market_product_tiers_deleted AFTER DELETE ON product_price_tiers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_old_rows();
--> statement-breakpoint
CREATE TRIGGER market_product_images_inserted AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER market_product_images_updated AFTER UPDATE ON product_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_changed_rows();
--> statement-breakpoint
CREATE TRIGGER market_product_images_deleted AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_queue_old_rows();
--> statement-breakpoint
-- Rarely changed rows that many listings copy: one row at a time, only when a copied column changes.
CREATE OR REPLACE FUNCTION market_queue_for_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    PERFORM market_queue(ARRAY(SELECT product_id FROM market_listings WHERE brand_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'categories' THEN
    PERFORM market_queue(ARRAY(SELECT product_id FROM market_listings WHERE category_ids @> ARRAY[NEW.id]));
  ELSIF TG_TABLE_NAME = 'companies' THEN
    PERFORM market_queue(ARRAY(SELECT id FROM products WHERE company_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'market_sellers' THEN
    PERFORM market_queue(ARRAY(SELECT id FROM products WHERE company_id = NEW.company_id));
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM market_queue(ARRAY(SELECT id FROM products WHERE company_id IN (NEW.company_id, OLD.company_id)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER market_brands_renamed AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION market_queue_for_row();
--> statement-breakpoint
CREATE TRIGGER market_categories_changed AFTER UPDATE OF name, parent_id ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION market_queue_for_row();
--> statement-breakpoint
CREATE TRIGGER market_companies_changed AFTER UPDATE OF name, slug, company_type, country_code ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.slug IS DISTINCT FROM NEW.slug
    OR OLD.company_type IS DISTINCT FROM NEW.company_type OR OLD.country_code IS DISTINCT FROM NEW.country_code)
  EXECUTE FUNCTION market_queue_for_row();
--> statement-breakpoint
CREATE TRIGGER market_sellers_changed AFTER INSERT OR UPDATE ON market_sellers
  FOR EACH ROW EXECUTE FUNCTION market_queue_for_row();
--> statement-breakpoint
CREATE TRIGGER market_users_changed AFTER UPDATE OF plan_name, company_id, deleted_at, user_type ON users
  FOR EACH ROW WHEN (OLD.plan_name IS DISTINCT FROM NEW.plan_name OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.user_type IS DISTINCT FROM NEW.user_type)
  EXECUTE FUNCTION market_queue_for_row();
--> statement-breakpoint
-- A new rate re-prices, in dollars, every listing priced in that currency.
CREATE OR REPLACE FUNCTION market_reprice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE market_listings
  SET price_min_usd = round(price_min / NEW.rate, 4), price_max_usd = round(price_max / NEW.rate, 4)
  WHERE price_currency_id = NEW.currency_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER market_rates_changed AFTER INSERT OR UPDATE OF rate ON market_exchange_rates
  FOR EACH ROW EXECUTE FUNCTION market_reprice();
--> statement-breakpoint
SELECT market_refresh_listings(ARRAY(SELECT id FROM products));
