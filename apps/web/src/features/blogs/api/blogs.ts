import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BlogCategoryCount, BlogDetail, BlogPage, BlogPostCard } from '@tradeloop/contracts/blogs';
import { BLOGS_PER_PAGE } from '@tradeloop/contracts/blogs-constants';
import { apiData } from '../../../lib/api-client.ts';

/** Which blog: one company's (by id or slug: the mini-site), or the marketplace's (neither). */
export type BlogScope = { companyId?: number; company?: string };

/** What a blog list shows: its page, search words and category, read from the URL. */
export type BlogListQuery = BlogScope & { page: number; search: string; category: string };

export const blogKeys = {
  all: ['blogs'] as const,
  list: (query: BlogListQuery) => [...blogKeys.all, 'list', query] as const,
  post: (slug: string) => [...blogKeys.all, 'post', slug] as const,
  recent: (scope: BlogScope, take: number) => [...blogKeys.all, 'recent', scope, take] as const,
  categories: (scope: BlogScope) => [...blogKeys.all, 'categories', scope] as const,
  mine: (writer: 'company' | 'operator') => [...blogKeys.all, 'mine', writer] as const,
};

const scopeQuery = (scope: BlogScope) => ({ company_id: scope.companyId, company: scope.company });

/** The list's state in its URL (`?page=2&search=gear&category=events`), for the page and its loader alike. */
export function blogListQuery(params: URLSearchParams, scope: BlogScope = {}): BlogListQuery {
  const page = Number(params.get('page'));
  return {
    ...scope,
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
    search: (params.get('search') ?? '').trim().slice(0, 100),
    category: (params.get('category') ?? '').trim().slice(0, 60),
  };
}

/** GET blogs/getAll: 12 published posts a page. */
export const blogListQueryOptions = (query: BlogListQuery) =>
  queryOptions({
    queryKey: blogKeys.list(query),
    queryFn: ({ signal }) =>
      apiData<BlogPage>('blogs/getAll', {
        query: {
          ...scopeQuery(query),
          page: query.page,
          per_page: BLOGS_PER_PAGE,
          search: query.search || undefined,
          category: query.category || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST blogs/getBlogDetails: the post, its related and recent posts. */
export const blogDetailQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => apiData<BlogDetail>('blogs/getBlogDetails', { method: 'POST', body: { slug }, signal }),
  });

/** GET blogs/recentList. */
export const blogRecentQueryOptions = (scope: BlogScope, take = 5) =>
  queryOptions({
    queryKey: blogKeys.recent(scope, take),
    queryFn: ({ signal }) =>
      apiData<BlogPostCard[]>('blogs/recentList', { query: { ...scopeQuery(scope), take }, signal }),
  });

/** GET blogs/categoryList: every category with its count of posts. */
export const blogCategoriesQueryOptions = (scope: BlogScope) =>
  queryOptions({
    queryKey: blogKeys.categories(scope),
    queryFn: ({ signal }) =>
      apiData<BlogCategoryCount[]>('blogs/categoryList', { query: { ...scopeQuery(scope), per_page: 50 }, signal }),
  });
