import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { BLOG_LIST_PATH } from '@tradeloop/contracts/blogs-constants';
import { useParams } from 'react-router';
import { blogDetailQueryOptions } from '../api/blogs.ts';
import { BlogPostView } from '../components/BlogPostView.tsx';

/** /blogdetail/{slug}: one post of the marketplace's blog or of a seller's. */
export function BlogDetailPage() {
  const slug = useParams().slug ?? '';
  const title = useQuery(blogDetailQueryOptions(slug)).data?.post.title;
  useDocumentTitle(title ? `${title} · TradeLoop blog` : 'Blog · TradeLoop');
  return (
    <Container size="xl" py="xl">
      <BlogPostView slug={slug} listPath={BLOG_LIST_PATH} detailBasePath="/blogdetail" />
    </Container>
  );
}
