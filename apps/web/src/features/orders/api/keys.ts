/** Query keys of quotations and orders. */
export const orderKeys = {
  all: ['orders'] as const,
  quotationOfEnquiry: (enquiryId: number) => [...orderKeys.all, 'quotation', 'enquiry', enquiryId] as const,
  quotationOfLead: (leadId: number) => [...orderKeys.all, 'quotation', 'lead', leadId] as const,
  quotation: (id: number) => [...orderKeys.all, 'quotation', id] as const,
  receivedQuotations: () => [...orderKeys.all, 'quotation', 'received'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (side: 'sold' | 'bought', status: string | null, page: number) =>
    [...orderKeys.lists(), side, status, page] as const,
  order: (side: 'sold' | 'bought', id: number) => [...orderKeys.all, 'detail', side, id] as const,
};
