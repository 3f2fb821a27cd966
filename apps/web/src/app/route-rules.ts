import { PATHS } from '../lib/paths.ts';

/**
 * Route rules of spec section 2, as pure functions so the guards stay small.
 */

/** Public areas a sub-user may open besides CRM pages and the dashboard (spec section 2). */
export const SUBUSER_PUBLIC_AREAS = [
  'productdetail',
  'productlist',
  'category',
  'page',
  'ourProduct',
  'user',
  'mini-site',
  'about-us',
  'blog',
  'contact-us',
  'blogdetail',
  'resetPassword',
  'our-products',
  'questionnaire',
  'home',
] as const;

/** The class <body> gets on CRM pages. */
export const CRM_BODY_CLASS = 'crm-body';

export function isCrmPath(pathname: string): boolean {
  return pathname.includes('crm');
}

/** Whether a sub-user may open a path; anything else sends them to /dashboard. */
export function subuserMayOpen(pathname: string): boolean {
  if (pathname === PATHS.home || isCrmPath(pathname)) return true;
  const area = pathname.split('/')[1] ?? '';
  return area === 'dashboard' || (SUBUSER_PUBLIC_AREAS as readonly string[]).includes(area);
}
