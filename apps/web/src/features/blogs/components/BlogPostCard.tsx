import { Paper, Stack, Text, Title } from '@mantine/core';
import type { BlogPostCard as Card } from '@tradeloop/contracts/blogs';
import { MARKETPLACE_AUTHOR, blogPostPath } from '@tradeloop/contracts/blogs-constants';
import { Link } from 'react-router';
import { postDate } from './format.ts';

/** One post in a list: its cover, category, title (the card's link), first words, writer and date. */
export function BlogPostCard({ post, detailBasePath }: { post: Card; detailBasePath: string }) {
  return (
    <Paper component="article" withBorder radius="md" className="bl-card" data-testid="blog-card">
      {post.cover ? (
        <img className="bl-cover" src={post.cover.card} alt="" width={600} height={315} loading="lazy" />
      ) : (
        <div className="bl-cover-empty" aria-hidden="true" />
      )}
      <Stack gap={6} p="md" style={{ flex: 1 }}>
        <Text size="xs" fw={600} c="brand.8" tt="uppercase">
          {post.category.name}
        </Text>
        <Title order={3} size="h4" lh={1.3}>
          <Link className="bl-card-title" to={blogPostPath(post.slug, detailBasePath)}>
            {post.title}
          </Link>
        </Title>
        <Text size="sm" c="dark.5" lineClamp={3}>
          {post.excerpt}
        </Text>
        <Text size="xs" c="dark.4" mt="auto">
          {post.company?.name ?? MARKETPLACE_AUTHOR} ·{' '}
          <time dateTime={post.published_at ?? undefined}>{postDate(post.published_at)}</time>
        </Text>
      </Stack>
    </Paper>
  );
}
