// The face of the reference module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { referenceRoutes } from './routes.ts';
export { loadReferenceData } from './seed.ts';
export {
  countryNamesByCode,
  findCountry,
  listCountries,
  listCurrencies,
  listPriceTerms,
  listTerritories,
  listUnits,
} from './service.ts';
