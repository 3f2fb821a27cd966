import type { EnquiryType } from '@tradeloop/contracts/quotes';

/** Screens of quotes, enquiries and contacts. Sub-users open enquiries inside the CRM (spec section 2). */
export const QUOTE_PATHS = {
  enquiries: (type: EnquiryType = 'sent', id?: number) => `/enquiries?type=${type}${id ? `&id=${id}` : ''}`,
  crmEnquiries: '/crm/enquiries',
  contacts: '/contacts',
} as const;
