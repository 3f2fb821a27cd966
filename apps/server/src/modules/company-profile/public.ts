// The face of the company-profile module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { loadCompanyProfileDemoData } from './demo-data.ts';
export { directoryRoutes } from './directory-routes.ts';
export { ensureDemoLogos } from './demo-logos.ts';
export { companyLogo } from './images.ts';
export { registeredAddress } from './registered-address.ts';
export { companyProfileRoutes } from './routes.ts';
