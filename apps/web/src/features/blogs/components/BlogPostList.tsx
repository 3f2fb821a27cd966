import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BLOGS_PER_PAGE, blogPostPath } from '@tradeloop/contracts/blogs-constants';
import { Link, useSearchParams } from 'react-router';
import {
  blogCategoriesQueryOptions,
  blogListQuery,
  blogListQueryOptions,
  blogRecentQueryOptions,
  type BlogScope,
} from '../api/blogs.ts';
import { BlogPostCard } from './BlogPostCard.tsx';
import { postDate } from './format.ts';

export type BlogPostListProps = BlogScope & {
  /** Where this list lives (`/blog`, or a mini-site's `/mini-site/{slug}/blog`): its search, filter and page links. */
  listPath: string;
  /** Where a post's page lives: `/blogdetail` or `/mini-site/{slug}/blogdetail`. */
  detailBasePath: string;
  /** The heading's text and level: the page's h1 unless the page has its own. */
  heading?: string;
  headingOrder?: 1 | 2;
  /** Show the recent posts beside the list (the marketplace's blog); on by default. */
  showRecent?: boolean;
};

/**
 * A blog's posts, 12 a page (spec section 9), with search, the categories as filters and the recent
 * posts. Its state is in the URL (`?search=&category=&page=`), so pages are links and the server
 * renders any of them; its loader is `blogListQueries` (page-data.ts) with the same scope.
 */
export function BlogPostList({
  companyId,
  company,
  listPath,
  detailBasePath,
  heading = 'Blog',
  headingOrder = 1,
  showRecent = true,
}: BlogPostListProps) {
  const [params] = useSearchParams();
  const scope: BlogScope = { companyId, company };
  const query = blogListQuery(params, scope);
  const posts = useQuery(blogListQueryOptions(query));
  const categories = useQuery(blogCategoriesQueryOptions(scope));
  const recent = useQuery({ ...blogRecentQueryOptions(scope), enabled: showRecent });

  const href = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams();
    const state = { search: query.search, category: query.category, page: String(query.page), ...changes };
    for (const [key, value] of Object.entries(state)) {
      if (value !== null && value !== '' && !(key === 'page' && String(value) === '1')) next.set(key, String(value));
    }
    const search = next.toString();
    return search ? `${listPath}?${search}` : listPath;
  };
  const data = posts.data;
  const lastPage = data?.lastPage ?? 1;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={headingOrder}>{heading}</Title>
        <form className="bl-search" action={listPath} method="get" role="search">
          <input
            id="blog-search"
            aria-label="Search posts"
            type="search"
            name="search"
            defaultValue={query.search}
            key={query.search}
            placeholder="Search posts"
            maxLength={100}
          />
          {query.category && <input type="hidden" name="category" value={query.category} />}
          <button type="submit">Search</button>
        </form>
        <nav aria-label="Categories">
          <ul className="bl-categories">
            <li>
              <Link
                className="bl-chip"
                to={href({ category: null, page: null })}
                aria-current={query.category ? undefined : 'page'}
              >
                All
              </Link>
            </li>
            {(categories.data ?? []).map((category) => (
              <li key={category.slug}>
                <Link
                  className="bl-chip"
                  to={href({ category: category.slug, page: null })}
                  aria-current={query.category === category.slug ? 'page' : undefined}
                >
                  {category.name} ({category.posts})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Stack>

      <Group align="flex-start" gap="xl" wrap="nowrap" style={{ flexWrap: 'wrap' }}>
        <Stack gap="md" style={{ flex: '1 1 560px', minWidth: 0 }}>
          {posts.isError && <Alert color="red">The posts could not be loaded. Please try again.</Alert>}
          {!data && !posts.isError && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} height={320} radius="md" />
              ))}
            </SimpleGrid>
          )}
          {data && (
            <>
              <Text size="sm" c="dark.5" aria-live="polite">
                {data.total === 1 ? '1 post' : `${data.total} posts`}
                {query.search ? ` for “${query.search}”` : ''}
              </Text>
              {data.data.length === 0 ? (
                <Text>No posts yet{query.search || query.category ? ' match your search' : ''}.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="blog-list">
                  {data.data.map((post) => (
                    <BlogPostCard key={post.id} post={post} detailBasePath={detailBasePath} />
                  ))}
                </SimpleGrid>
              )}
              {lastPage > 1 && (
                <nav aria-label="Pages">
                  <Group gap="xs">
                    {query.page > 1 && (
                      <Anchor component={Link} to={href({ page: query.page - 1 })} rel="prev">
                        Previous
                      </Anchor>
                    )}
                    <Text size="sm">
                      Page {query.page} of {lastPage} ({BLOGS_PER_PAGE} a page)
                    </Text>
                    {query.page < lastPage && (
                      <Anchor component={Link} to={href({ page: query.page + 1 })} rel="next">
                        Next
                      </Anchor>
                    )}
                  </Group>
                </nav>
              )}
            </>
          )}
        </Stack>
        {showRecent && (recent.data?.length ?? 0) > 0 && (
          <aside aria-labelledby="blog-recent-title" style={{ flex: '0 1 280px' }}>
            <Title order={2} size="h4" id="blog-recent-title" mb="sm">
              Recent posts
            </Title>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {recent.data!.map((post) => (
                <li key={post.id}>
                  <Anchor component={Link} to={blogPostPath(post.slug, detailBasePath)} size="sm" fw={500}>
                    {post.title}
                  </Anchor>
                  <Text size="xs" c="dark.4">
                    {postDate(post.published_at)}
                  </Text>
                </li>
              ))}
            </Stack>
          </aside>
        )}
      </Group>
    </Stack>
  );
}
