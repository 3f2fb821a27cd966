import { describe, expect, it } from 'vitest';
import { togglePermission } from './role-permissions.ts';

describe('togglePermission', () => {
  it('checks view with any other action of a record type', () => {
    expect(togglePermission([], 'crm.leads.create', true)).toEqual(['crm.leads.view', 'crm.leads.create']);
    expect(togglePermission(['chat'], 'crm.deals.all', true)).toEqual(['crm.deals.view', 'crm.deals.all', 'chat']);
  });

  it('unchecks every action of a type with its view', () => {
    expect(
      togglePermission(['crm.leads.view', 'crm.leads.edit', 'crm.deals.view', 'crm.work'], 'crm.leads.view', false),
    ).toEqual(['crm.deals.view', 'crm.work']);
  });

  it('unchecks one action alone, and leaves other permissions as they are', () => {
    expect(togglePermission(['crm.leads.view', 'crm.leads.edit'], 'crm.leads.edit', false)).toEqual(['crm.leads.view']);
    expect(togglePermission(['team'], 'crm.settings', true)).toEqual(['crm.settings', 'team']);
  });
});
