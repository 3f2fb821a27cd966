// The face of the catalog module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { publicCatalogs } from './catalogs-service.ts';
export {
  addProductPictures,
  approvedBrands,
  demoPictureSubjects,
  loadCatalogDemoData,
  productsWithoutPictures,
  spreadCreationDates,
} from './demo-data.ts';
export { hasImageExtension, imageUrls, makeDerivatives } from './images.ts';
export { loadPricing, priceWith, type PricingContext } from './pricing.ts';
export { companyProductSummaries, productExistsSql, productNamed, productOwners } from './product-access.ts';
export { type Caches, cachesOr, catalogCaches, loadReferenceSets, type ReferenceSets } from './references.ts';
export { catalogRoutes } from './routes.ts';
export {
  insertProducts,
  issuesToErrors,
  listProducts,
  parseProductForm,
  type PreparedProduct,
  productDetail,
} from './service.ts';
export { sheetOf } from './specs-service.ts';
export { catalogFigures, type CatalogFigures, productIdsSql } from './statistics.ts';
export { categoryTree, escapeLike, pathOf, suppliersInCategory, type Tree } from './taxonomy-service.ts';
