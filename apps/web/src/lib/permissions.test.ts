import { describe, expect, it } from 'vitest';
import { userCan } from './permissions.ts';

describe('userCan', () => {
  it('lets a user without a role limit (owner, buyer) do everything', () => {
    expect(userCan({ permissions: null }, 'team')).toBe(true);
    expect(userCan({ permissions: null }, 'crm.deals.delete')).toBe(true);
  });

  it('treats local data stored before roles existed as not limited', () => {
    expect(userCan({} as { permissions: null }, 'crm.settings')).toBe(true);
    expect(userCan(null, 'crm.settings')).toBe(true);
  });

  it('allows only what a sub-user’s role grants', () => {
    const user = { permissions: ['crm.leads.view', 'crm.leads.create', 'crm.work'] };
    expect(userCan(user, 'crm.leads.create')).toBe(true);
    expect(userCan(user, 'crm.leads.delete')).toBe(false);
    expect(userCan(user, 'crm.deals.view')).toBe(false);
    expect(userCan(user, 'team')).toBe(false);
  });

  it('allows nothing to a role with an empty grant list', () => {
    expect(userCan({ permissions: [] }, 'crm.work')).toBe(false);
  });
});
