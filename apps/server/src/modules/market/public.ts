// The face of the market module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { type DemoCatalogue, loadMarketDemoData } from './demo-data.ts';
export { type ListingRow, listingsByIds, productUrlOf, publicCards } from './listing.ts';
export { findListing, pagePrices } from './product-page.ts';
export {
  convert,
  currencyRef,
  currentRates,
  displayCurrency,
  isOperator,
  type Rates,
  requireOperator,
  roundMoney,
} from './rates.ts';
export { newProductsOf, recommendedProducts } from './recommendations.ts';
export { categoryPagePaths } from './category-page.ts';
export { marketRoutes } from './routes.ts';
export { listedProductCount, productSitemapPaths } from './seo.ts';
export { companyShowcase, memberTypesOf, sellerMarketProfile, storefrontCount, storefrontSlugs } from './sellers.ts';
export { countQuote, refreshListingsNow } from './stats.ts';
export { listWishlist, wishlistFigures, wishlistIds, wishlistsCompanyProduct } from './wishlist.ts';
