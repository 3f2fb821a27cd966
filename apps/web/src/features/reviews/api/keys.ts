/** Query keys of the reviews of sellers (decision 045). */
export const reviewKeys = {
  all: ['reviews'] as const,
  seller: (companyId: number) => [...reviewKeys.all, 'seller', companyId] as const,
  sellerPage: (companyId: number, page: number) => [...reviewKeys.seller(companyId), 'page', page] as const,
  reviewable: (companyId: number) => [...reviewKeys.all, 'reviewable', companyId] as const,
  company: () => [...reviewKeys.all, 'company'] as const,
  companyPage: (page: number, unanswered: boolean) => [...reviewKeys.company(), page, unanswered] as const,
  reported: () => [...reviewKeys.all, 'reported'] as const,
  reportedPage: (status: 'open' | 'hidden', page: number) => [...reviewKeys.reported(), status, page] as const,
};
