import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items.ts';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('navItems', () => {
  it('gives a sub-user the CRM and the CRM’s enquiries', () => {
    const items = navItems('subuser');
    expect(labels(items)).toEqual(['Home', 'Products', 'Suppliers', 'Dashboard', 'CRM', 'Enquiries']);
    expect(items.at(-1)?.to).toBe('/crm/enquiries');
  });

  it('leaves Enquiries out for a role without quotes', () => {
    expect(labels(navItems('subuser', (permission) => permission !== 'quotes'))).not.toContain('Enquiries');
  });
});
