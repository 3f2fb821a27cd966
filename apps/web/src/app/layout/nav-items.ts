import type { Permission } from '@tradeloop/contracts/accounts-roles';
import type { UserType } from '@tradeloop/contracts/auth';
import { PATHS } from '../../lib/paths.ts';

export type NavItem = { label: string; to: string; end?: boolean };

/**
 * The main navigation; CRM appears for sellers and their sub-users, Enquiries for anyone whose role
 * has quotes (decision 038: `can` answers for the signed-in user's role, everything when not limited).
 */
export function navItems(userType: UserType | null, can: (permission: Permission) => boolean = () => true): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: PATHS.home, end: true },
    { label: 'Products', to: '/productlist' },
    { label: 'Suppliers', to: PATHS.suppliers },
    { label: 'Dashboard', to: PATHS.dashboard },
  ];
  if (userType === 'seller' || userType === 'subuser') items.push({ label: 'CRM', to: PATHS.crm });
  if (userType === 'seller') items.push({ label: 'My products', to: '/products/List' });
  if (userType && can('quotes'))
    items.push({ label: 'Enquiries', to: userType === 'subuser' ? '/crm/enquiries' : '/enquiries' });
  return items;
}
