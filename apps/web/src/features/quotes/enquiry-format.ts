import { productTitle } from '@tradeloop/contracts/catalog-constants';
import type { EnquiryStatus, EnquirySummary } from '@tradeloop/contracts/quotes';
import { money } from '../../lib/format.ts';

/** The badge colour of an enquiry's status, wherever an enquiry is listed. */
export const STATUS_COLORS: Record<EnquiryStatus, string> = {
  open: 'blue',
  answered: 'teal',
  accepted: 'green',
  declined: 'gray',
  expired: 'orange',
};

/** What an enquiry is worth in a list: the offer's total once there is one, else the requested total. */
export function enquiryAmount(enquiry: Pick<EnquirySummary, 'offer_total' | 'requested_total' | 'currency'>) {
  return money(enquiry.offer_total ?? enquiry.requested_total, enquiry.currency);
}

/** The product an enquiry (or one of its lines) is about, pre-title first: "Industrial Centrifugal Pump". */
export function enquiryTitle(enquiry: Pick<EnquirySummary, 'pre_title_name' | 'product_name'>) {
  return productTitle({ pre_title_name: enquiry.pre_title_name, name: enquiry.product_name });
}
