import { NavLink, Outlet } from 'react-router';
import { Box, Container, Group, ScrollArea } from '@mantine/core';
import { MY_DAY_PATH } from './activities/my-day/path.ts';
import { ReminderBell } from './activities/reminders/ReminderBell.tsx';
import { ACTIVITIES_PATH } from './activities/paths.ts';
import { CRM_SETTINGS_PATH } from './leads/paths.ts';
import { AUTOMATION_PATH } from './automation/paths.ts';
import { TAGS_PATH } from './tags/paths.ts';
import { ENGAGEMENT_REPORT_PATH } from './engagement/paths.ts';
import { ORDER_PATHS } from '../../lib/order-paths.ts';
import { CRM_PATHS } from './shared/paths.ts';
import type { Permission } from '@tradeloop/contracts/accounts-roles';
import { useCan } from '../../lib/permissions.ts';
import './crm.css';

/** The CRM's pages with the permission each needs (decision 038); the overview is everyone's. */
const LINKS: {
  label: string;
  to: string;
  end?: boolean;
  needs?: (can: (permission: Permission) => boolean) => boolean;
}[] = [
  { label: 'Overview', to: CRM_PATHS.home, end: true },
  { label: 'My day', to: MY_DAY_PATH, needs: (can) => can('crm.work') },
  { label: 'Leads', to: CRM_PATHS.list(1), needs: (can) => can('crm.leads.view') },
  { label: 'Contacts', to: CRM_PATHS.list(4), needs: (can) => can('crm.contacts.view') },
  { label: 'Accounts', to: CRM_PATHS.list(3), needs: (can) => can('crm.accounts.view') },
  { label: 'Deals', to: CRM_PATHS.list(2), needs: (can) => can('crm.deals.view') },
  { label: 'Board', to: CRM_PATHS.kanban, needs: (can) => can('crm.leads.view') || can('crm.deals.view') },
  { label: 'Activities', to: ACTIVITIES_PATH, needs: (can) => can('crm.work') },
  { label: 'Engagement', to: ENGAGEMENT_REPORT_PATH, needs: (can) => can('crm.work') },
  { label: 'Orders', to: ORDER_PATHS.sold, needs: (can) => can('orders.view') },
  { label: 'Forms', to: CRM_PATHS.forms, needs: (can) => can('crm.settings') },
  { label: 'Tags', to: TAGS_PATH, needs: (can) => can('crm.work') },
  { label: 'Automation', to: AUTOMATION_PATH, needs: (can) => can('crm.settings') },
  { label: 'Settings', to: CRM_SETTINGS_PATH, needs: (can) => can('crm.settings') },
];

/** The CRM workspace: its own navigation above every CRM page. */
export function CrmLayout() {
  const can = useCan();
  const links = LINKS.filter((link) => !link.needs || link.needs(can));
  return (
    <Box>
      <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container fluid px={{ base: 'sm', md: 'xl' }} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {/* Narrow screens (600 px) scroll the menu with a visible bar instead of cutting it off. */}
          <ScrollArea type="auto" scrollbarSize={4} style={{ flex: 1, minWidth: 0 }}>
            <Group component="nav" aria-label="CRM" gap={4} py={6} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} end={link.end} className="tl-nav-link">
                  {link.label}
                </NavLink>
              ))}
            </Group>
          </ScrollArea>
          <ReminderBell />
        </Container>
      </Box>
      <Container fluid px={{ base: 'sm', md: 'xl' }} py="lg">
        <Outlet />
      </Container>
    </Box>
  );
}
