import type { UserType } from '@tradeloop/contracts/auth';
import { PATHS } from '../../lib/paths.ts';

export type NavItem = { label: string; to: string; end?: boolean };

/** The main navigation; CRM appears for sellers and their sub-users. */
export function navItems(userType: UserType | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: PATHS.home, end: true },
    { label: 'Suppliers', to: PATHS.suppliers },
    { label: 'Dashboard', to: PATHS.dashboard },
  ];
  if (userType === 'seller' || userType === 'subuser') items.push({ label: 'CRM', to: PATHS.crm });
  return items;
}
