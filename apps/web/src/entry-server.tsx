import './lib/zod-config.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common-constants';
import type { BlogDetail, BlogPage } from '@tradeloop/contracts/blogs';
import {
  BLOG_DETAIL_PREFIX,
  BLOG_LIST_PATH,
  blogCategoryName,
  blogPostPath,
} from '@tradeloop/contracts/blogs-constants';
import type { ProductPage, ProductSearchResult } from '@tradeloop/contracts/market';
import { PRODUCT_DETAIL_PREFIX } from '@tradeloop/contracts/market-constants';
import { PAGE_TAGS } from '@tradeloop/contracts/page-cache-constants';
import { CATEGORY_PAGE_PREFIX, categoryPagePath, type CategoryPage } from '@tradeloop/contracts/market-category';
import { SITE_PAGE_PREFIX, sitePagePath } from '@tradeloop/contracts/site-pages-constants';
import type { SitePage } from '@tradeloop/contracts/site-pages';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/routes.tsx';
import { servedPageScript, scriptSafeJson } from './app/served-page.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readListState, writeListState } from './features/market/list-state.ts';
import { readDirectoryFilters, writeDirectoryFilters } from './features/directory/filters.ts';
import { blogListQuery } from './features/blogs/api/blogs.ts';
import { QUOTE_OPEN_PARAM, QUOTE_OPEN_VALUE } from './features/quotes/quote-draft.ts';

export { setApiTransport } from './lib/api-client.ts';

/**
 * The web app rendered on the server for signed-out visitors (decision 029). The server calls
 * `renderPage` with the page's request; the router runs the page's loaders (its data, answered
 * in process by the API), then React renders into a stream the server pipes into the HTML.
 */

/** What a page tells search engines and link previews; the server turns it into head tags. */
export type DocumentHead = { title: string; description: string; canonicalPath: string; ogType: string };

export type RenderedPage =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      /** The app's HTML, to go inside <div id="root">. */
      body: Readable;
      /** After the root: the state to hydrate and the page's structured data (JSON-LD). */
      tail: string;
      /** The page cache's tags of the data the page shows (decision 050). */
      tags: string[];
    };

const SITE = 'TradeLoop';
const DEFAULT_DESCRIPTION =
  'TradeLoop: find verified suppliers, request quotes and manage your sales pipeline in one B2B marketplace.';

function jsonLd(data: object): string {
  return `<script type="application/ld+json">${scriptSafeJson({ '@context': 'https://schema.org', ...data })}</script>`;
}

function findQuery<T>(queryClient: QueryClient, first: string, second: string): T | undefined {
  const match = queryClient
    .getQueryCache()
    .findAll({ queryKey: [first, second] })
    .find((query) => query.state.status === 'success');
  return match?.state.data as T | undefined;
}

/** An ItemList of products (`url`) or a BreadcrumbList (`item`): named links in order. */
function linkList(type: 'ItemList' | 'BreadcrumbList', links: { name: string; path: string }[], origin: string) {
  const linkKey = type === 'ItemList' ? 'url' : 'item';
  return jsonLd({
    '@type': type,
    itemListElement: links.map((link, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: link.name,
      [linkKey]: `${origin}${link.path}`,
    })),
  });
}

function keywordOf(url: URL): string {
  return (url.searchParams.get('q') ?? url.searchParams.get('keyword') ?? '').trim();
}

/**
 * The head of a server-rendered page from its URL alone, so it goes out before the page's data is
 * read; null where a server module writes it (product pages: their name, price and picture).
 */
export function documentHead(url: URL): DocumentHead | null {
  const path = url.pathname;
  if (path.startsWith(PRODUCT_DETAIL_PREFIX) || path.startsWith(BLOG_DETAIL_PREFIX)) return null;
  // Category and site pages: their modules write the head (name, description, canonical).
  if (path.startsWith(CATEGORY_PAGE_PREFIX) || path.startsWith(SITE_PAGE_PREFIX)) return null;
  if (path === BLOG_LIST_PATH) {
    // Search results are not pages of their own; a category and its pages are.
    const category = (url.searchParams.get('category') ?? '').trim();
    const page = Number(url.searchParams.get('page')) > 1 ? Number(url.searchParams.get('page')) : 1;
    const query = new URLSearchParams();
    if (category) query.set('category', category);
    if (page > 1) query.set('page', String(page));
    const named = category ? `${blogCategoryName(category)} · ` : '';
    return {
      title: `${named}Blog${page > 1 ? ` (page ${page})` : ''} · ${SITE}`,
      description: category
        ? `${blogCategoryName(category)}: posts from suppliers and the ${SITE} team on B2B trade, products and manufacturing.`
        : `The ${SITE} blog: news, product guides and trade advice from suppliers and the ${SITE} team.`,
      canonicalPath: query.size ? `${BLOG_LIST_PATH}?${query}` : BLOG_LIST_PATH,
      ogType: 'website',
    };
  }
  if (path === '/productlist') {
    const keyword = keywordOf(url);
    return {
      title: keyword ? `${keyword} · Products · ${SITE}` : `Products · ${SITE}`,
      description: keyword
        ? `${keyword}: products from verified suppliers on ${SITE}. Compare prices and request quotes.`
        : `Products from verified suppliers on ${SITE}: search, filter by category, price and country, and request quotes.`,
      canonicalPath: keyword ? `/productlist?q=${encodeURIComponent(keyword)}` : '/productlist',
      ogType: 'website',
    };
  }
  if (path === '/user/signin') {
    return {
      title: `Sign in · ${SITE}`,
      description: `Sign in to ${SITE} to request quotes, chat with suppliers and manage your buyers in the CRM.`,
      canonicalPath: path,
      ogType: 'website',
    };
  }
  if (path === '/user/signup') {
    return {
      title: `Join free · ${SITE}`,
      description: `Join ${SITE} free: list your company, receive quote requests and manage every buyer in the built-in CRM.`,
      canonicalPath: path,
      ogType: 'website',
    };
  }
  return {
    title: `${SITE} · B2B trade marketplace`,
    description: DEFAULT_DESCRIPTION,
    canonicalPath: '/',
    ogType: 'website',
  };
}

/** The longest path a cached page may have; longer ones are rendered but never stored. */
const MAX_KEY_PATH = 400;
/** At most this many values of one list filter in a cached page's address. */
const MAX_FILTER_VALUES = 20;

function blogListSearch(params: URLSearchParams): URLSearchParams {
  const query = blogListQuery(params);
  const search = new URLSearchParams();
  if (query.category) search.set('category', query.category);
  if (query.search) search.set('search', query.search);
  if (query.page > 1) search.set('page', String(query.page));
  return search;
}

function positiveId(value: string | null): string | null {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? String(number) : null;
}

/** A product list's state as the list writes it back; null when a filter holds too many values to cache. */
function listSearch(params: URLSearchParams, options: { categoryFromPath?: boolean } = {}): URLSearchParams | null {
  const state = readListState(params, DEFAULT_CURRENCY_ID);
  if (options.categoryFromPath) delete state.filters.categories;
  if (Object.values(state.filters).some((values) => values.length > MAX_FILTER_VALUES)) return null;
  return writeListState(new URLSearchParams(), state);
}

/**
 * The page cache's key of a public address (decision 050): its path and, sorted, only the parameters
 * the page reads, in the form the page reads them (the list's state as it writes it back, a keyword
 * trimmed and cut to 100 characters, numbers checked). Two addresses that render the same HTML get one
 * key; a parameter the page ignores never makes a key. Null: this address is not cached (not a page
 * of the cache, or an unusual one: a very long path, a list with more than 20 values of one filter).
 */
export function pageKey(url: URL): string | null {
  const path = url.pathname;
  if (path.length > MAX_KEY_PATH) return null;
  const params = url.searchParams;
  let search: URLSearchParams;
  if (path === '/productlist') {
    const list = listSearch(params);
    if (!list) return null;
    search = list;
  } else if (path.startsWith(CATEGORY_PAGE_PREFIX)) {
    // A category page's category comes from its path, not from the parameters.
    const list = listSearch(params, { categoryFromPath: true });
    if (!list) return null;
    search = list;
  } else if (path.startsWith(SITE_PAGE_PREFIX)) {
    // Site pages read no parameter, not even the currency: they show no prices.
    return path;
  } else if (path === '/') {
    search = writeDirectoryFilters(new URLSearchParams(), readDirectoryFilters(params));
  } else if (path.startsWith(PRODUCT_DETAIL_PREFIX)) {
    search = new URLSearchParams();
    const keyword = (params.get('search_keyword') ?? '').trim().slice(0, 100);
    if (keyword) search.set('search_keyword', keyword);
    if (params.get(QUOTE_OPEN_PARAM) === QUOTE_OPEN_VALUE) search.set(QUOTE_OPEN_PARAM, QUOTE_OPEN_VALUE);
  } else if (path === BLOG_LIST_PATH) {
    search = blogListSearch(params);
  } else if (path.startsWith(BLOG_DETAIL_PREFIX)) {
    search = new URLSearchParams();
  } else if (path.startsWith('/mini-site/')) {
    search = path.replace(/\/$/, '').endsWith('/blog') ? blogListSearch(params) : new URLSearchParams();
  } else {
    return null;
  }
  // Blogs show no prices; every other page converts them to the chosen currency.
  const currency = positiveId(params.get('currency'));
  if (currency && !path.startsWith(BLOG_DETAIL_PREFIX) && path !== BLOG_LIST_PATH) search.set('currency', currency);
  search.sort();
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The cache tags of what the page shows, read from its queries (decision 050). */
function cacheTags(queryClient: QueryClient): string[] {
  const tags = new Set<string>([PAGE_TAGS.rates]);
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'number' && typeof record.product_url === 'string') tags.add(PAGE_TAGS.product(record.id));
    const details = record.company_details as { id?: unknown } | undefined;
    if (details && typeof details.id === 'number') tags.add(PAGE_TAGS.company(details.id));
    for (const nested of Object.values(record)) visit(nested, depth + 1);
  };
  for (const query of queryClient.getQueryCache().getAll()) {
    const [domain, kind] = query.queryKey as unknown[];
    const data = query.state.data as Record<string, unknown> | undefined;
    if (domain === 'market' && kind === 'search') tags.add(PAGE_TAGS.catalog);
    if (domain === 'market' && kind === 'product' && data) {
      const page = data as unknown as ProductPage;
      tags.add(PAGE_TAGS.product(page.product.id));
      tags.add(PAGE_TAGS.company(page.seller.id));
      tags.add(PAGE_TAGS.store(page.seller.id));
    }
    if (domain === 'market' && kind === 'category') tags.add(PAGE_TAGS.catalog);
    if (domain === 'site-pages' && kind === 'page' && typeof query.queryKey[2] === 'string') {
      tags.add(PAGE_TAGS.sitePage(query.queryKey[2]));
    }
    if (domain === 'promotion') tags.add(PAGE_TAGS.ads);
    if (domain === 'directory') {
      tags.add(PAGE_TAGS.directory);
      // Each card shows its company's logo, rating and verification: a change to one makes the page stale.
      for (const seller of (data as { data?: { company_id?: unknown }[] } | undefined)?.data ?? []) {
        if (typeof seller.company_id === 'number') tags.add(PAGE_TAGS.company(seller.company_id));
      }
    }
    if (domain === 'blogs') {
      tags.add(PAGE_TAGS.blogs);
      const post = (data as { post?: { id?: unknown } } | undefined)?.post;
      if (post && typeof post.id === 'number') tags.add(PAGE_TAGS.blog(post.id));
    }
    if (domain === 'mini-site' && data) {
      const company = (data as { company?: { id?: unknown } }).company;
      if (company && typeof company.id === 'number') {
        tags.add(PAGE_TAGS.store(company.id));
        tags.add(PAGE_TAGS.company(company.id));
      }
    }
    if (domain === 'reviews' && typeof query.queryKey[2] === 'number') tags.add(PAGE_TAGS.store(query.queryKey[2]));
    visit(data, 0);
  }
  return [...tags].sort();
}

/** The page's structured data (JSON-LD) from the data it shows. */
function structuredData(url: URL, queryClient: QueryClient, origin: string): string[] {
  const path = url.pathname;
  if (path === '/productlist') {
    const result = findQuery<ProductSearchResult>(queryClient, 'market', 'search');
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: 'Products', path: '/productlist' },
    ];
    return [
      ...(result
        ? [
            linkList(
              'ItemList',
              result.data.map((product) => ({ name: product.name, path: product.product_url })),
              origin,
            ),
          ]
        : []),
      linkList('BreadcrumbList', crumbs, origin),
    ];
  }
  if (path.startsWith(PRODUCT_DETAIL_PREFIX)) {
    const page = findQuery<ProductPage>(queryClient, 'market', 'product');
    if (!page) return [];
    const crumbs = [
      { name: 'Home', path: '/' },
      ...page.product.categories.map((category) => ({
        name: category.name,
        path: categoryPagePath([category.slug]),
      })),
      { name: page.product.name, path: page.product.product_url },
    ];
    return [linkList('BreadcrumbList', crumbs, origin)];
  }
  if (path === BLOG_LIST_PATH) {
    const result = findQuery<BlogPage>(queryClient, 'blogs', 'list');
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: 'Blog', path: BLOG_LIST_PATH },
    ];
    return [
      ...(result
        ? [
            linkList(
              'ItemList',
              result.data.map((post) => ({ name: post.title, path: blogPostPath(post.slug) })),
              origin,
            ),
          ]
        : []),
      linkList('BreadcrumbList', crumbs, origin),
    ];
  }
  if (path.startsWith(BLOG_DETAIL_PREFIX)) {
    // The post's BlogPosting is in the head (the blogs module writes it); the trail is here.
    const detail = findQuery<BlogDetail>(queryClient, 'blogs', 'post');
    if (!detail) return [];
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: 'Blog', path: BLOG_LIST_PATH },
      { name: detail.post.category.name, path: `${BLOG_LIST_PATH}?category=${detail.post.category.slug}` },
      { name: detail.post.title, path: blogPostPath(detail.post.slug) },
    ];
    return [linkList('BreadcrumbList', crumbs, origin)];
  }
  if (path.startsWith(CATEGORY_PAGE_PREFIX)) {
    const page = findQuery<CategoryPage>(queryClient, 'market', 'category');
    if (!page) return [];
    const result = findQuery<ProductSearchResult>(queryClient, 'market', 'search');
    const crumbs = [{ name: 'Home', path: '/' }, ...page.breadcrumbs.map(({ name, path }) => ({ name, path }))];
    return [
      ...(result
        ? [
            linkList(
              'ItemList',
              result.data.map((product) => ({ name: product.name, path: product.product_url })),
              origin,
            ),
          ]
        : []),
      linkList('BreadcrumbList', crumbs, origin),
    ];
  }
  if (path.startsWith(SITE_PAGE_PREFIX)) {
    const page = findQuery<SitePage>(queryClient, 'site-pages', 'page');
    if (!page) return [];
    const address = `${origin}${sitePagePath(page.slug)}`;
    return [
      jsonLd({ '@type': 'WebPage', name: page.title, description: page.description, url: address }),
      linkList(
        'BreadcrumbList',
        [
          { name: 'Home', path: '/' },
          { name: page.title, path: sitePagePath(page.slug) },
        ],
        origin,
      ),
    ];
  }
  if (path === '/' || path === '/home') {
    return [
      jsonLd({ '@type': 'Organization', name: SITE, url: `${origin}/`, logo: `${origin}/favicon.svg` }),
      jsonLd({
        '@type': 'WebSite',
        name: SITE,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/productlist?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      }),
    ];
  }
  return [];
}

/** The query client of the page being rendered, which the route table's loaders use. */
const pageQueryClient = new AsyncLocalStorage<QueryClient>();

/**
 * The app's routes, matched and ranked once for the process (not for every page): their loaders reach
 * the rendered page's query client through `pageQueryClient`.
 */
const routeTable = appRoutes(() => {
  const queryClient = pageQueryClient.getStore();
  if (!queryClient) throw new Error('a route loader ran outside a page render');
  return queryClient;
});
const routeHandler = createStaticHandler(routeTable);

/** Whether the web app has a page at this path: false when only its catch-all "not found" page matches. */
export function isAppPath(path: string): boolean {
  const matches = matchRoutes(routeTable, path);
  return matches !== null && matches.at(-1)?.route.path !== '*';
}

/**
 * Renders one page. `origin` is the site's public address (for canonical and structured data);
 * the API is reached through the transport the server set with setApiTransport.
 */
export async function renderPage(request: Request, origin: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // A failed query is shown by the browser after hydration; the server does not wait to retry.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const context = await pageQueryClient.run(queryClient, () => routeHandler.query(request));
  if (context instanceof Response) {
    return { kind: 'redirect', location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(routeHandler.dataRoutes, context);
  const url = new URL(request.url);
  const data = structuredData(url, queryClient, origin);
  // Every matched route counts as loaded, the ones with only rules (middleware) too: the browser's router
  // then starts from this state instead of running the rules and loaders again while the page hydrates.
  const loaderData = Object.fromEntries(
    context.matches.map(({ route }) => [route.id, context.loaderData[route.id] ?? null]),
  );
  const served = servedPageScript({
    router: { loaderData, actionData: context.actionData, errors: context.errors },
    queries: dehydrate(queryClient),
    currency: DEFAULT_CURRENCY_ID,
  });
  const body = await new Promise<Readable>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
      {
        onShellReady() {
          const output = new PassThrough();
          stream.pipe(output);
          resolve(output);
        },
        onShellError: reject,
        onError(error) {
          console.error('server rendering:', error);
        },
      },
    );
  });
  return {
    kind: 'page',
    body,
    tail: [context.errors ? '' : served, ...data].join(''),
    tags: cacheTags(queryClient),
  };
}
