CREATE TABLE "tracking_daily" (
	"company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"product_id" bigint NOT NULL,
	"page_name" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"time_pages" integer DEFAULT 0 NOT NULL,
	"scroll_sum" bigint DEFAULT 0 NOT NULL,
	"scroll_pages" integer DEFAULT 0 NOT NULL,
	"quote_pages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_daily_company_id_day_product_id_page_name_pk" PRIMARY KEY("company_id","day","product_id","page_name")
);
--> statement-breakpoint
CREATE TABLE "tracking_daily_buyers" (
	"company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_daily_buyers_company_id_day_user_id_pk" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_pages" (
	"page_id" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"product_id" bigint NOT NULL,
	"page_name" text NOT NULL,
	"user_id" bigint,
	"session_id" text NOT NULL,
	"time_ms" integer,
	"scroll" integer,
	"quote" boolean DEFAULT false NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_visit_counts" (
	"company_id" bigint NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_visit_counts_company_id_dimension_key_day_prev_day_pk" PRIMARY KEY("company_id","dimension","key","day","prev_day")
);
--> statement-breakpoint
CREATE TABLE "tracking_visits" (
	"company_id" bigint NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "tracking_visits_company_id_dimension_key_visitor_day_pk" PRIMARY KEY("company_id","dimension","key","visitor","day")
);
--> statement-breakpoint
-- Backfill of the daily roll-ups from the events already stored (docs/decisions/036): each view of a
-- company's page with its greatest time on page and scroll, its clicks and whether it asked for a quote,
-- then every roll-up from those pages. Ingestion keeps them from here on (tracking/ingest.ts); the
-- tracking bench builds its roll-ups over 10 million events with these same statements.
INSERT INTO tracking_pages (page_id, company_id, day, product_id, page_name, user_id, session_id, time_ms, scroll, quote, clicks)
SELECT DISTINCT ON (v.page_id) v.page_id, v.company_id, (v.at AT TIME ZONE 'UTC')::date, coalesce(v.product_id, 0),
       coalesce(v.name, ''), v.user_id, v.session_id, f.ms, f.pct, coalesce(f.quote, false), coalesce(f.clicks, 0)
FROM tracking_events v
LEFT JOIN (
  SELECT page_id, max(value) FILTER (WHERE kind = 'time') AS ms, max(value) FILTER (WHERE kind = 'scroll') AS pct,
         bool_or(kind = 'click' AND name = 'getQuoteButton') AS quote, (count(*) FILTER (WHERE kind = 'click'))::int AS clicks
  FROM tracking_events
  WHERE kind IN ('time', 'scroll', 'click') AND company_id IS NOT NULL AND page_id IS NOT NULL
  GROUP BY page_id
) f USING (page_id)
WHERE v.kind = 'view' AND v.company_id IS NOT NULL AND v.page_id IS NOT NULL
ORDER BY v.page_id, v.at, v.id;
--> statement-breakpoint
INSERT INTO tracking_daily (company_id, day, product_id, page_name, views, time_sum, time_pages, scroll_sum, scroll_pages, quote_pages)
SELECT company_id, day, product_id, page_name, count(*), coalesce(sum(time_ms), 0), count(time_ms),
       coalesce(sum(scroll), 0), count(scroll), count(*) FILTER (WHERE quote)
FROM tracking_pages GROUP BY company_id, day, product_id, page_name;
--> statement-breakpoint
INSERT INTO tracking_visits (company_id, dimension, key, visitor, day)
SELECT DISTINCT p.company_id, d.dimension, d.key, d.visitor, p.day
FROM tracking_pages p
CROSS JOIN LATERAL (VALUES ('all', '', coalesce(p.user_id::text, p.session_id)), ('session', '', p.session_id),
  ('page', p.page_name, coalesce(p.user_id::text, p.session_id)), ('product', p.product_id::text, coalesce(p.user_id::text, p.session_id)))
  AS d(dimension, key, visitor)
WHERE d.dimension <> 'product' OR p.product_id <> 0;
--> statement-breakpoint
INSERT INTO tracking_visit_counts (company_id, dimension, key, day, prev_day, visitors)
SELECT company_id, dimension, key, day, coalesce(prev_day, '-infinity'::date), count(*)
FROM (SELECT company_id, dimension, key, day,
             lag(day) OVER (PARTITION BY company_id, dimension, key, visitor ORDER BY day) AS prev_day
      FROM tracking_visits) v
GROUP BY company_id, dimension, key, day, coalesce(prev_day, '-infinity'::date);
--> statement-breakpoint
INSERT INTO tracking_daily_buyers (company_id, day, user_id, views, clicks, time_ms)
SELECT company_id, day, user_id, count(*), sum(clicks), coalesce(sum(time_ms), 0)
FROM tracking_pages WHERE user_id IS NOT NULL GROUP BY company_id, day, user_id;
