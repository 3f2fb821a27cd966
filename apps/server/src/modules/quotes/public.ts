// The face of the quotes module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { loadQuotesDemoData } from './demo-data.ts';
export {
  buyerEnquiriesWith,
  buyerEnquiryDigest,
  buyerEnquiry,
  countEnquiriesBetween,
  countReceivedEnquiries,
  enquiryForQuotation,
  enquiryStates,
  quotationStep,
  quotesToday,
  sellerEnquiry,
  sellerResponded,
  submittedEnquiries,
} from './enquiries.ts';
export { quotesRoutes } from './routes.ts';
export {
  quoteFigures,
  type QuoteFigures,
  type QuotePoint,
  quoteSeries,
  responseFigures,
  type ResponseFigures,
} from './statistics.ts';
export { openEnquiries, repeatEnquiry } from './submit.ts';
