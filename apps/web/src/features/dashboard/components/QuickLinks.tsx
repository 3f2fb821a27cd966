import type { ComponentType } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconBriefcase,
  IconBuilding,
  IconBuildingStore,
  IconChevronRight,
  IconClipboardList,
  IconSearch,
  IconUserCircle,
  type IconProps,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UserType } from '@tradeloop/contracts/auth';
import { BUYING_REQUEST_PATHS } from '@tradeloop/contracts/buying-requests';
import { PATHS, profilePath } from '../../../lib/paths.ts';

type QuickLink = { to: string; title: string; text: string; icon: ComponentType<IconProps>; color: string };

/** What each kind of user most likely came to do. */
function quickLinks(userType: UserType): QuickLink[] {
  const suppliers: QuickLink = {
    to: PATHS.suppliers,
    title: 'Browse suppliers',
    text: 'Filter the directory by company type and country.',
    icon: IconBuildingStore,
    color: 'teal',
  };
  const crm: QuickLink = {
    to: PATHS.crm,
    title: 'Open the CRM',
    text: 'Leads, contacts, accounts and deals from your enquiries.',
    icon: IconAddressBook,
    color: 'violet',
  };
  switch (userType) {
    case 'seller':
      return [
        crm,
        {
          to: profilePath('registration'),
          title: 'Company registration',
          text: 'Add the registered address buyers see on quotes.',
          icon: IconBuilding,
          color: 'brand',
        },
        {
          to: profilePath('job'),
          title: 'Your selling profile',
          text: 'Tell buyers who you sell to and what you know best.',
          icon: IconBriefcase,
          color: 'accent',
        },
        suppliers,
      ];
    case 'subuser':
      return [crm, suppliers];
    case 'others':
      return [
        {
          to: BUYING_REQUEST_PATHS.post,
          title: 'Post a buying request',
          text: 'Describe what you need; matching suppliers answer you.',
          icon: IconClipboardList,
          color: 'violet',
        },
        { ...suppliers, title: 'Find suppliers', icon: IconSearch },
        {
          to: profilePath('job'),
          title: 'Your buying profile',
          text: 'Share your priorities so suppliers quote what you need.',
          icon: IconBriefcase,
          color: 'accent',
        },
        {
          to: profilePath(),
          title: 'Contact details',
          text: 'Keep your location and mobile number up to date.',
          icon: IconUserCircle,
          color: 'brand',
        },
      ];
  }
}

export function QuickLinks({ userType }: { userType: UserType }) {
  return (
    <section aria-labelledby="quick-links-title">
      <Title order={2} size="h4" id="quick-links-title" mb="sm">
        Quick links
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {quickLinks(userType).map((link) => (
          <Card key={link.title} component={Link} to={link.to} className="tl-card-link" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light" color={link.color} aria-hidden>
                <link.icon size={22} />
              </ThemeIcon>
              <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
            <Text fw={700} mt="sm">
              {link.title}
            </Text>
            <Text size="sm" c="dimmed" mt={2}>
              {link.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
