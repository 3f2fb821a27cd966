import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BLOG_DETAIL_PREFIX,
  BLOG_LIST_PATH,
  MARKETPLACE_AUTHOR,
  blogPostPath,
  type BlogPost,
} from '@tradeloop/contracts/blogs';
import { escapeHtml, plainText, scriptJson, type PageHead } from '../../platform/web.ts';
import { publishedPost } from './service.ts';

/**
 * A post's page for search engines and link previews (decision 046): title, description, canonical,
 * Open Graph (article) and schema.org BlogPosting JSON-LD; the page adds its BreadcrumbList.
 */

function postHead(post: BlogPost, publicUrl: string): PageHead {
  const absolute = (path: string) => `${publicUrl}${path}`;
  const url = absolute(blogPostPath(post.slug));
  const author = post.company?.name ?? MARKETPLACE_AUTHOR;
  const title = `${post.title} | ${author} | TradeLoop blog`;
  const description = plainText(post.excerpt || `${post.title} by ${author} on the TradeLoop blog.`, 300);
  const image = post.cover ? absolute(post.cover.full) : null;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title.slice(0, 110),
    description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(image ? { image: [image] } : {}),
    ...(post.published_at ? { datePublished: post.published_at } : {}),
    dateModified: post.updated_at,
    articleSection: post.category.name,
    author: post.company
      ? { '@type': 'Organization', name: post.company.name, url: absolute(`/mini-site/${post.company.slug}`) }
      : { '@type': 'Organization', name: MARKETPLACE_AUTHOR, url: absolute('/') },
    publisher: {
      '@type': 'Organization',
      name: MARKETPLACE_AUTHOR,
      logo: { '@type': 'ImageObject', url: absolute('/favicon.svg') },
    },
    isPartOf: { '@type': 'Blog', name: 'TradeLoop blog', url: absolute(BLOG_LIST_PATH) },
  };
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', 'article'),
    meta('og:site_name', 'TradeLoop'),
    meta('og:title', post.title),
    meta('og:description', description),
    meta('og:url', url),
    ...(image ? [meta('og:image', image), meta('og:image:width', '1200'), meta('og:image:height', '630')] : []),
    ...(post.published_at ? [meta('article:published_time', post.published_at)] : []),
    meta('article:section', post.category.name),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ];
  return { title, description, head: tags.map((tag) => `  ${tag}`).join('\n') };
}

const NOT_FOUND_HEAD: PageHead = {
  status: 404,
  title: 'Post not found | TradeLoop blog',
  description: 'This blog post is not published on TradeLoop.',
  head: '  <meta name="robots" content="noindex" />',
};

/** The head of a /blogdetail/{slug} page; 404 for a post that is not public. */
export function blogHeadRenderer(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<PageHead | null> => {
    const rest = request.url.split('?')[0].slice(BLOG_DETAIL_PREFIX.length);
    let slug: string;
    try {
      slug = decodeURIComponent(rest);
    } catch {
      return NOT_FOUND_HEAD;
    }
    if (!slug || slug.length > 200 || slug.includes('/')) return NOT_FOUND_HEAD;
    const post = await publishedPost(app.db, slug);
    return post ? postHead(post, app.config.publicUrl) : NOT_FOUND_HEAD;
  };
}
