/** Query keys of the company presence (social accounts, follows). */
export const presenceKeys = {
  all: ['presence'] as const,
  follows: () => [...presenceKeys.all, 'follows'] as const,
  followedIds: () => [...presenceKeys.follows(), 'ids'] as const,
  followedPage: (page: number) => [...presenceKeys.follows(), 'page', page] as const,
  followers: (page: number) => [...presenceKeys.all, 'followers', page] as const,
  social: () => [...presenceKeys.all, 'social'] as const,
  companyProfile: () => [...presenceKeys.all, 'company-profile'] as const,
};
