// The face of the ratings module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export {
  companiesRatedAtLeast,
  companyRatings,
  ratingSummary,
  type StarCounts,
  storeCompanyRating,
} from './service.ts';
