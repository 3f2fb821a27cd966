import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconHistory, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { PATHS } from '../../../lib/paths.ts';

const TEAM_PAGES = [
  { path: PATHS.subAccounts, label: 'Team members', Icon: IconUsersGroup },
  { path: PATHS.roles, label: 'Roles and permissions', Icon: IconShieldLock },
  { path: PATHS.auditLog, label: 'Audit log', Icon: IconHistory },
] as const;

/** The links from one of the team pages (members, roles, audit log) to the other two. */
export function TeamPageLinks({ current }: { current: (typeof TEAM_PAGES)[number]['path'] }) {
  return TEAM_PAGES.filter((page) => page.path !== current).map(({ path, label, Icon }) => (
    <Button key={path} component={Link} to={path} variant="default" leftSection={<Icon size={16} />}>
      {label}
    </Button>
  ));
}
