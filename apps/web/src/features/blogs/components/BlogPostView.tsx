import { Anchor, Breadcrumbs, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MARKETPLACE_AUTHOR } from '@tradeloop/contracts/blogs-constants';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { blogDetailQueryOptions } from '../api/blogs.ts';
import { BlogPostCard } from './BlogPostCard.tsx';
import { postDate } from './format.ts';

export type BlogPostViewProps = {
  slug: string;
  /** The blog's list (`/blog`, or a mini-site's `/mini-site/{slug}/blog`), for the breadcrumb and category links. */
  listPath: string;
  /** Where posts' pages live: `/blogdetail` or `/mini-site/{slug}/blogdetail`. */
  detailBasePath: string;
  /** The breadcrumb's name of the list. */
  listName?: string;
};

/**
 * A post: cover, category, title, writer and date, its text (HTML sanitized on the server when
 * saved, decision 046), then related posts. Its loader is `blogPostQueries` (page-data.ts).
 */
export function BlogPostView({ slug, listPath, detailBasePath, listName = 'Blog' }: BlogPostViewProps) {
  const detail = useQuery(blogDetailQueryOptions(slug));
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>{missing ? 'Post not found' : 'The post could not be loaded'}</Title>
        <Text>
          {missing ? 'This post is not published (any more). ' : 'Please try again. '}
          <Anchor component={Link} to={listPath}>
            See all posts
          </Anchor>
        </Text>
      </Stack>
    );
  }
  if (!detail.data) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="70%" />
        <Skeleton height={300} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  const { post, related, recent } = detail.data;
  const author = post.company?.name ?? MARKETPLACE_AUTHOR;
  const more = related.length > 0 ? related : recent.slice(0, 3);

  return (
    <Stack gap="xl">
      <article aria-labelledby="post-title">
        <Stack gap="md" maw={820}>
          <Breadcrumbs separator="›">
            <Anchor component={Link} to={listPath} size="sm">
              {listName}
            </Anchor>
            <Anchor component={Link} to={`${listPath}?category=${post.category.slug}`} size="sm">
              {post.category.name}
            </Anchor>
          </Breadcrumbs>
          <Title order={1} id="post-title" lh={1.2}>
            {post.title}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dark.5">
              {post.company ? (
                <Anchor component={Link} to={`/mini-site/${post.company.slug}`} size="sm">
                  {author}
                </Anchor>
              ) : (
                author
              )}
            </Text>
            {post.published_at && (
              <Text size="sm" c="dark.5">
                · <time dateTime={post.published_at}>{postDate(post.published_at)}</time>
              </Text>
            )}
            {post.status === 'draft' && (
              <Text size="sm" fw={600} c="orange.9">
                · Draft: only your company sees it
              </Text>
            )}
          </Group>
          {post.cover && (
            <img className="bl-cover" src={post.cover.full} alt="" width={1200} height={630} fetchPriority="high" />
          )}
          {/* Sanitized on the server when saved (sanitize-html, decision 046). */}
          <div
            className="bl-article"
            data-testid="blog-content"
            dangerouslySetInnerHTML={{ __html: post.content_html }}
          />
        </Stack>
      </article>
      {more.length > 0 && (
        <section aria-labelledby="post-more-title">
          <Title order={2} size="h3" id="post-more-title" mb="md">
            {related.length > 0 ? 'Related posts' : 'More posts'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {more.map((card) => (
              <BlogPostCard key={card.id} post={card} detailBasePath={detailBasePath} />
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
