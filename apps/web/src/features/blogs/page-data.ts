import type { PageQueries } from '../../app/page-data.ts';
import {
  blogCategoriesQueryOptions,
  blogDetailQueryOptions,
  blogListQuery,
  blogListQueryOptions,
  blogRecentQueryOptions,
  type BlogScope,
} from './api/blogs.ts';

/**
 * A blog's list (`/blog`, or a mini-site's with its company): the page of posts its URL names, the
 * categories and the recent posts, so the served HTML holds the first screen (decision 029).
 */
export const blogListQueriesFor =
  (scope: (params: Record<string, string | undefined>) => BlogScope): PageQueries =>
  (url, { params }) => {
    const blog = scope(params);
    return [
      blogListQueryOptions(blogListQuery(url.searchParams, blog)),
      blogCategoriesQueryOptions(blog),
      blogRecentQueryOptions(blog),
    ];
  };

/** /blog: the marketplace's blog (its own posts and every seller's). */
export const blogListQueries: PageQueries = blogListQueriesFor(() => ({}));

/** /blogdetail/{slug} (or a mini-site's post page, whose param is named the same): the post. */
export const blogPostQueries: PageQueries = (_url, { params }) => {
  const slug = params.slug ?? params.postSlug;
  return slug ? [blogDetailQueryOptions(slug)] : [];
};
