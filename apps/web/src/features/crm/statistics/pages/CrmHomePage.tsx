import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAddressBook, IconBuildingSkyscraper, IconCoin, IconLayoutKanban, IconUsers } from '@tabler/icons-react';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { useSession } from '../../../../lib/session.ts';
import { useCan } from '../../../../lib/permissions.ts';
import { recordTypePermission } from '../../shared/record-permission.ts';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { useListing } from '../../listing/api/get-listing.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { toneOf } from '../../shared/fields.ts';
import { CRM_PATHS } from '../../shared/paths.ts';

const LISTS: {
  typeId: RecordTypeId;
  title: string;
  icon: typeof IconUsers;
  color: string;
  key: 'total_leads' | 'total_contacts' | 'total_accounts' | 'total_deals';
}[] = [
  { typeId: 1, title: 'Leads', icon: IconAddressBook, color: 'brand', key: 'total_leads' },
  { typeId: 4, title: 'Contacts', icon: IconUsers, color: 'teal', key: 'total_contacts' },
  { typeId: 3, title: 'Accounts', icon: IconBuildingSkyscraper, color: 'violet', key: 'total_accounts' },
  { typeId: 2, title: 'Deals', icon: IconCoin, color: 'accent', key: 'total_deals' },
];

function Rate({ label, value, weekly }: { label: string; value: number; weekly: number }) {
  return (
    <Group wrap="nowrap" gap="md">
      <RingProgress
        size={72}
        thickness={7}
        roundCaps
        sections={[{ value: Math.min(100, value), color: 'brand' }]}
        label={
          <Text ta="center" size="xs" fw={700}>
            {value}%
          </Text>
        }
      />
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {weekly}% for leads of the last 7 days
        </Text>
      </div>
    </Group>
  );
}

function RecentLeads() {
  const leads = useListing({ type_id: 1, per_page: 6, sort: { field: 'created_at', direction: 'desc' } });
  const rows = leads.data?.pages[0]?.data ?? [];
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Newest leads
        </Title>
        <Anchor component={Link} to={CRM_PATHS.list(1)} size="sm">
          All leads
        </Anchor>
      </Group>
      {leads.isPending ? (
        <Stack>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={20} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No leads yet. Quote requests and chats from buyers arrive here; you can also add or import leads.
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((lead) => (
            <Group key={lead.id} justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={CRM_PATHS.detail(1, lead.id)} fw={600} size="sm">
                  {lead.title}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {typeof lead.values.company === 'string' ? lead.values.company : ''}
                </Text>
              </div>
              {typeof lead.values.lead_status === 'string' && (
                <Badge variant="light" color={toneOf(lead.values.lead_status)} tt="none">
                  {lead.values.lead_status}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The CRM's front door: totals, conversion rates and the newest leads. */
export function CrmHomePage() {
  useDocumentTitle('CRM · TradeLoop');
  const { user } = useSession();
  const can = useCan();
  // The figures are the company's leads and their conversions: shown to a role that sees leads.
  const seesLeads = can('crm.leads.view');
  const stats = useStatistics({ enabled: seesLeads });
  const lists = LISTS.filter((list) => can(recordTypePermission(list.typeId, 'view')));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text c="dimmed" size="sm" fw={600}>
            {user?.company_name ?? 'Your company'}
          </Text>
          <Title order={1} size="h2">
            CRM
          </Title>
          <Text size="sm" c="dimmed">
            Sales overview
          </Text>
        </div>
        <Button component={Link} to={CRM_PATHS.kanban} variant="light" leftSection={<IconLayoutKanban size={16} />}>
          Open the board
        </Button>
      </Group>
      {!seesLeads ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {lists.map((list) => (
            <Card key={list.typeId} component={Link} to={CRM_PATHS.list(list.typeId)} className="tl-card-link">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color={list.color} size={40} aria-hidden>
                  <list.icon size={22} />
                </ThemeIcon>
                <Text fw={600}>{list.title}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : stats.isError ? (
        <ErrorState onRetry={() => void stats.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {lists.map((list) => (
            <Card
              key={list.typeId}
              component={Link}
              to={CRM_PATHS.list(list.typeId)}
              className="tl-card-link"
              padding="md"
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color={list.color} size={40} aria-hidden>
                  <list.icon size={22} />
                </ThemeIcon>
                <div>
                  <Text size="sm" c="dimmed">
                    {list.title}
                  </Text>
                  {stats.isPending ? (
                    <Skeleton height={22} width={48} mt={4} />
                  ) : (
                    <Group gap={6} align="baseline">
                      <Text fw={800} fz="xl">
                        {stats.data.total[list.key].toLocaleString()}
                      </Text>
                      <Text size="xs" c="teal.7" fw={600}>
                        +{stats.data.weekly[list.key]} this week
                      </Text>
                    </Group>
                  )}
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {seesLeads && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card>
            <Title order={2} size="h4" mb="md">
              Conversion
            </Title>
            {stats.isPending || !stats.data ? (
              <Stack>
                {Array.from({ length: 3 }, (_, index) => (
                  <Skeleton key={index} height={60} />
                ))}
              </Stack>
            ) : (
              <Stack gap="md">
                <Rate
                  label="Leads converted"
                  value={stats.data.total.lead_oppportunity_conversion_rate}
                  weekly={stats.data.weekly.lead_oppportunity_conversion_rate}
                />
                <Rate
                  label="Leads that became deals"
                  value={stats.data.total.lead_to_opportunity_deal_conversion_rate}
                  weekly={stats.data.weekly.lead_to_opportunity_deal_conversion_rate}
                />
                <Rate
                  label="Leads that became customers (deal won)"
                  value={stats.data.total.lead_to_customer_conversion_rate}
                  weekly={stats.data.weekly.lead_to_customer_conversion_rate}
                />
              </Stack>
            )}
          </Card>
          <RecentLeads />
        </SimpleGrid>
      )}
    </Stack>
  );
}
