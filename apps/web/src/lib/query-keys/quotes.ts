import type { EnquiryType } from '@tradeloop/contracts/quotes';

/** Query keys of quotes, enquiries and contacts. */
export const quoteKeys = {
  all: ['quotes'] as const,
  enquiries: () => [...quoteKeys.all, 'enquiries'] as const,
  enquiryList: (type: EnquiryType, status: string | null, search: string, page: number) =>
    [...quoteKeys.enquiries(), 'list', type, status, search, page] as const,
  enquiry: (id: number) => [...quoteKeys.enquiries(), 'detail', id] as const,
  contacts: () => [...quoteKeys.all, 'contacts'] as const,
  contactList: (tab: number, search: string, page: number) => [...quoteKeys.contacts(), tab, search, page] as const,
};
