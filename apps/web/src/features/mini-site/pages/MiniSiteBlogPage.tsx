import { useDocumentTitle } from '@mantine/hooks';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { BlogPostList } from '../../blogs/components/BlogPostList.tsx';
import { useMiniSiteContext } from '../components/MiniSiteLayout.tsx';

/**
 * /mini-site/{slug}/blog: the company's published posts (decision 046). A post opens at its one
 * address, /blogdetail/{slug}, whose author link leads back to this store (decision 044).
 */
export function MiniSiteBlogPage() {
  const { site } = useMiniSiteContext();
  const { company } = site;
  useDocumentTitle(`Blog · ${company.name} · TradeLoop`);
  return (
    <BlogPostList
      company={company.slug}
      listPath={miniSitePath(company.slug, 'blog')}
      detailBasePath="/blogdetail"
      heading={`Blog of ${company.name}`}
      headingOrder={2}
      showRecent={false}
    />
  );
}
