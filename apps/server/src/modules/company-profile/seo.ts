import type { FastifyInstance, FastifyRequest } from 'fastify';
import { miniSiteOf, miniSitePath, type MiniSite, type MiniSitePage } from '@tradeloop/contracts/company-profile';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml, plainText, scriptJson, type PageHead } from '../../platform/web.ts';
import { miniSite } from './mini-site.ts';

/**
 * Mini-site pages for search engines and link previews (decision 044): title, description,
 * canonical, Open Graph and JSON-LD Organization (with its AggregateRating when rated).
 */

const PAGE_TITLES: Record<MiniSitePage, string> = {
  '': '',
  'about-us': 'About us',
  'our-products': 'Products',
  blog: 'Blog',
  'contact-us': 'Contact us',
};

export function organizationJsonLd(site: MiniSite, absolute: (path: string) => string) {
  const { company, profile, rating } = site;
  const address = [profile.reg_street_address, profile.registration_city, profile.registration_postalcode].some(Boolean)
    ? {
        address: {
          '@type': 'PostalAddress',
          ...(profile.reg_street_address
            ? { streetAddress: [profile.reg_street_address, profile.reg_additional_address].filter(Boolean).join(', ') }
            : {}),
          ...(profile.registration_city ? { addressLocality: profile.registration_city } : {}),
          ...(profile.reg_region_state_province ? { addressRegion: profile.reg_region_state_province } : {}),
          ...(profile.registration_postalcode ? { postalCode: profile.registration_postalcode } : {}),
          ...(company.country_code ? { addressCountry: company.country_code } : {}),
        },
      }
    : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: absolute(miniSitePath(company.slug)),
    ...(company.logo ? { logo: absolute(company.logo) } : {}),
    ...(profile.about ? { description: plainText(profile.about, 1000) } : {}),
    ...(profile.year_established ? { foundingDate: String(profile.year_established) } : {}),
    ...address,
    ...(site.social.length ? { sameAs: site.social.map((account) => account.profile_link) } : {}),
    ...(rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            ratingCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function miniSiteHead(site: MiniSite, page: MiniSitePage, publicUrl: string): PageHead {
  const { company, profile } = site;
  const absolute = (path: string) => (/^https?:/.test(path) ? path : `${publicUrl}${path}`);
  const section = PAGE_TITLES[page];
  const title = `${section ? `${section} · ` : ''}${company.name} | TradeLoop`;
  const place = [company.city, company.country_name].filter(Boolean).join(', ');
  const kind = profile.business_type.some((entry) => entry.toggle === 1)
    ? profile.business_type_name
    : company.business_type;
  const lead = `${company.name}: ${kind}${place ? ` in ${place}` : ''}, ${site.products} products on TradeLoop.`;
  const description = plainText(`${lead} ${profile.about}`, 300);
  const url = absolute(miniSitePath(company.slug, page));
  const image = site.featured_products[0]?.main_image?.card ?? company.logo;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', 'website'),
    meta('og:site_name', 'TradeLoop'),
    meta('og:title', section ? `${section} · ${company.name}` : company.name),
    meta('og:description', description),
    meta('og:url', url),
    ...(image ? [meta('og:image', absolute(image))] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${scriptJson(organizationJsonLd(site, absolute))}</script>`,
  ];
  return { title, description, head: tags.map((tag) => `  ${tag}`).join('\n') };
}

const NOT_FOUND_HEAD: PageHead = {
  status: 404,
  title: 'Store not found | TradeLoop',
  description: 'This company has no store on TradeLoop.',
  head: '  <meta name="robots" content="noindex" />',
};

/** The head of a /mini-site/… page; 404 for an unknown company or page. */
export function miniSiteHeadRenderer(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<PageHead | null> => {
    const found = miniSiteOf(request.url.split('?')[0]);
    if (!found) return NOT_FOUND_HEAD;
    try {
      return miniSiteHead(await miniSite(app.db, found.slug, { currency: 1 }), found.page, app.config.publicUrl);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return NOT_FOUND_HEAD;
      throw error;
    }
  };
}
