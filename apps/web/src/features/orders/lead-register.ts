import { registerDetailTab } from '../crm/shared/detail-tabs.ts';
import { LeadQuotationTab } from './components/LeadQuotationTab.tsx';

/** The lead page's Quotation tab (issue 44): a quotation written from a lead without an enquiry. */
registerDetailTab('quotation', LeadQuotationTab);
