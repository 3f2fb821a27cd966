import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BLOG_LIST_PATH } from '@tradeloop/contracts/blogs-constants';
import { BlogPostList } from '../components/BlogPostList.tsx';

/** /blog: the marketplace's blog, its own posts (the platform operator's) and every seller's. */
export function BlogListPage() {
  useDocumentTitle('Blog · TradeLoop');
  return (
    <Container size="xl" py="xl">
      <BlogPostList listPath={BLOG_LIST_PATH} detailBasePath="/blogdetail" heading="TradeLoop blog" />
    </Container>
  );
}
