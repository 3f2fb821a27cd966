/** Query keys of the mini-sites; a company profile's edit refreshes them. */
export const miniSiteKeys = {
  all: ['mini-site'] as const,
  site: (slug: string, currency: number) => [...miniSiteKeys.all, 'site', slug, currency] as const,
};
