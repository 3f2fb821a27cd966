import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAddressBook, IconBuildingSkyscraper, IconCoin, IconUsers } from '@tabler/icons-react';
import { useSession } from '../../../lib/session.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

const LISTS = [
  { title: 'Leads', icon: IconAddressBook, color: 'brand' },
  { title: 'Contacts', icon: IconUsers, color: 'teal' },
  { title: 'Accounts', icon: IconBuildingSkyscraper, color: 'violet' },
  { title: 'Deals', icon: IconCoin, color: 'accent' },
];

/** The CRM's front door. Lists arrive with the CRM capability; until then it says what will be here. */
export function CrmHomePage() {
  useDocumentTitle('CRM · TradeLoop');
  const { user } = useSession();
  return (
    <Container py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text c="dimmed" size="sm" fw={600}>
              {user?.company_name ?? 'Your company'}
            </Text>
            <Title order={1} size="h2">
              CRM
            </Title>
          </div>
          <Badge variant="light" color="violet" size="lg" radius="sm">
            Sales workspace
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {LISTS.map((list) => (
            <Card key={list.title} padding="md">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color={list.color} size={36} aria-hidden>
                  <list.icon size={20} />
                </ThemeIcon>
                <div>
                  <Text size="sm" c="dimmed">
                    {list.title}
                  </Text>
                  <Text fw={800} fz="lg">
                    0
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        <Card>
          <EmptyState
            icon={<IconAddressBook size={32} />}
            title="No leads yet"
            description="When a buyer requests a quote or starts a chat with your company, they arrive here as a lead with their history and score."
          />
        </Card>
      </Stack>
    </Container>
  );
}
