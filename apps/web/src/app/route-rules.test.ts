import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../lib/paths.ts';
import { isCrmPath, subuserMayOpen } from './route-rules.ts';

describe('route rules of spec section 2', () => {
  it('marks paths containing crm as CRM pages', () => {
    expect(isCrmPath('/crm')).toBe(true);
    expect(isCrmPath('/crm/leads/12')).toBe(true);
    expect(isCrmPath('/dashboard')).toBe(false);
  });

  it.each([
    '/',
    '/dashboard',
    '/crm',
    '/crm/leads',
    '/productdetail/42',
    '/productlist',
    '/category/pumps',
    '/page/terms',
    '/ourProduct',
    '/user/signin',
    '/mini-site/acme',
    '/about-us',
    '/blog',
    '/contact-us',
    '/blogdetail/7',
    '/resetPassword',
    '/our-products',
    '/questionnaire',
    '/home',
  ])('lets a sub-user open %s', (path) => {
    expect(subuserMayOpen(path)).toBe(true);
  });

  it.each(['/profile', '/products/List', '/OnBoardingStepForm', '/settings', '/productdetails-fake'])(
    'sends a sub-user away from %s',
    (path) => {
      expect(subuserMayOpen(path)).toBe(false);
    },
  );

  it('only returns to same-origin paths after sign-in', () => {
    expect(safeNextPath('/profile?tab=job')).toBe('/profile?tab=job');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/user/signin')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});
