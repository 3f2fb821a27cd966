import { lazy, Suspense } from 'react';
import { Alert, Badge, Button, Card, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAddressBook, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Profile } from '@tradeloop/contracts/accounts';
import { firstName, greeting } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useProfile } from '../../accounts/api/get-profile.ts';
import { ProfileCompletionCard } from '../../accounts/components/ProfileCompletionCard.tsx';
import { BuyerFigures } from '../components/BuyerFigures.tsx';
import { BuyerHome } from '../components/BuyerHome.tsx';
import { QuickLinks } from '../components/QuickLinks.tsx';

// Chart.js comes with the statistics: only in this chunk, loaded when there are figures to show.
const SellerStatistics = lazy(async () => ({
  default: (await import('../components/SellerStatistics.tsx')).SellerStatistics,
}));

const ROLE_LINES = {
  seller: 'Manage your company, your profile and the buyers who reach out to you.',
  subuser: 'You work inside your company’s CRM: leads, contacts, accounts and deals.',
  others: 'Find suppliers, request quotes and keep track of your sourcing.',
} as const;

export function DashboardPage() {
  useDocumentTitle('Dashboard · TradeLoop');
  const { user } = useSession();
  const profile = useProfile();
  const name = profile.data?.full_name ?? user?.full_name ?? '';

  return (
    <Container py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Text c="dimmed" size="sm" fw={600}>
              Dashboard
            </Text>
            <Title order={1} size="h2" data-testid="dashboard-greeting">
              {greeting()}
              {name ? `, ${firstName(name)}` : ''}
            </Title>
            {profile.data && (
              <Text c="dimmed" mt={4}>
                {ROLE_LINES[profile.data.user_type]}
              </Text>
            )}
          </div>
          {profile.data?.company_name && (
            <Badge size="lg" variant="light" radius="sm">
              {profile.data.company_name}
            </Badge>
          )}
        </Group>

        {profile.isPending ? (
          <DashboardSkeleton />
        ) : profile.isError ? (
          <Card>
            <ErrorState
              title="We could not load your dashboard"
              message={profile.error.message}
              onRetry={() => void profile.refetch()}
            />
          </Card>
        ) : (
          <DashboardBody profile={profile.data} />
        )}
      </Stack>
    </Container>
  );
}

function DashboardBody({ profile }: { profile: Profile }) {
  const isSubuser = profile.user_type === 'subuser';
  const can = useCan();
  // The figures are of the company's leads and quotes: for sellers and the roles that see leads.
  const isBuyer = profile.user_type === 'others';
  const showsStatistics = !isBuyer && can('crm.leads.view');
  return (
    <Stack gap="xl">
      {isBuyer && <BuyerHome />}
      {isBuyer && <BuyerFigures />}
      {isSubuser && (
        <Alert variant="light" color="violet" icon={<IconInfoCircle size={18} />} title="Your workspace is the CRM">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              As a team member of {profile.company_name ?? 'your company'} you can open the CRM and the public
              marketplace pages. Account settings are managed by your company’s owner.
            </Text>
            <Button component={Link} to={PATHS.crm} size="xs" leftSection={<IconAddressBook size={14} />}>
              Open the CRM
            </Button>
          </Stack>
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
          <ProfileCompletionCard
            completeProfile={profile.complete_profile}
            pendingFields={profile.pending_fields}
            canEdit={!isSubuser}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
          <Card h="100%">
            <Title order={2} size="h4">
              Account
            </Title>
            <Stack gap={8} mt="md">
              <AccountRow label="E-mail" value={profile.email_id} />
              <AccountRow label="Member ID" value={profile.member_id} />
              <AccountRow label="Plan" value={profile.plan_status.name} />
              {profile.company_name && <AccountRow label="Company" value={profile.company_name} />}
              {profile.designation && <AccountRow label="Designation" value={profile.designation} />}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {showsStatistics && (
        <Suspense fallback={<Skeleton h={420} radius="md" />}>
          <SellerStatistics />
        </Suspense>
      )}
      <QuickLinks userType={profile.user_type} />
    </Stack>
  );
}

function AccountRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} truncate>
        {value}
      </Text>
    </Group>
  );
}

function DashboardSkeleton() {
  return (
    <Grid gutter="lg" role="status" aria-busy="true" aria-label="Loading your dashboard">
      <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
        <Card>
          <Group wrap="nowrap">
            <Skeleton h={116} w={116} circle />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={18} w="70%" />
              <Skeleton h={10} w="90%" />
              <Skeleton h={10} w="50%" />
            </Stack>
          </Group>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
        <Card>
          <Stack gap={10}>
            <Skeleton h={18} w="30%" />
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h={12} />
            ))}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
