import { Card, Container, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBriefcase, IconBuilding, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { ProfileTab } from '../../../lib/paths.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useProfile } from '../api/get-profile.ts';
import { BasicDetailsForm } from '../components/BasicDetailsForm.tsx';
import { JobDetailsForm } from '../components/JobDetailsForm.tsx';
import { ProfileCompletionCard } from '../components/ProfileCompletionCard.tsx';
import { ProfileHeaderCard } from '../components/ProfileHeaderCard.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { hasRegistrationTab } from '../profile-fields.ts';

const TAB_PARAM = 'tab';

export function ProfilePage() {
  useDocumentTitle('My profile · TradeLoop');
  const profile = useProfile();
  const [searchParams, setSearchParams] = useSearchParams();

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <Container size="lg" py="xl">
        <Card>
          <ErrorState
            title="We could not load your profile"
            message={profile.error.message}
            onRetry={() => void profile.refetch()}
          />
        </Card>
      </Container>
    );
  }

  const data = profile.data;
  const tabs: ProfileTab[] = hasRegistrationTab(data.user_type) ? ['basic', 'job', 'registration'] : ['basic', 'job'];
  const requested = searchParams.get(TAB_PARAM) as ProfileTab | null;
  const tab = requested && tabs.includes(requested) ? requested : 'basic';
  const handleTabChange = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (!value || value === 'basic') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ProfileHeaderCard profile={data} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card p={0}>
              <Tabs value={tab} onChange={handleTabChange} keepMounted>
                <Tabs.List px="md" pt="xs">
                  <Tabs.Tab value="basic" leftSection={<IconUser size={16} />}>
                    Basic details
                  </Tabs.Tab>
                  <Tabs.Tab value="job" leftSection={<IconBriefcase size={16} />}>
                    Job details
                  </Tabs.Tab>
                  {tabs.includes('registration') && (
                    <Tabs.Tab value="registration" leftSection={<IconBuilding size={16} />}>
                      Company registration address
                    </Tabs.Tab>
                  )}
                </Tabs.List>
                <Tabs.Panel value="basic" p="lg">
                  <BasicDetailsForm profile={data} />
                </Tabs.Panel>
                <Tabs.Panel value="job" p="lg">
                  <JobDetailsForm profile={data} />
                </Tabs.Panel>
                {tabs.includes('registration') && (
                  <Tabs.Panel value="registration" p="lg">
                    <RegistrationForm profile={data} />
                  </Tabs.Panel>
                )}
              </Tabs>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ProfileCompletionCard
              completeProfile={data.complete_profile}
              pendingFields={data.pending_fields}
              canEdit
              maxPending={12}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function ProfileSkeleton() {
  return (
    <Container size="lg" py="xl" role="status" aria-busy="true" aria-label="Loading your profile">
      <Stack gap="lg">
        <Card>
          <Stack gap="sm">
            <Skeleton h={84} w={84} circle />
            <Skeleton h={20} w="40%" />
            <Skeleton h={12} w="60%" />
          </Stack>
        </Card>
        <Card>
          <Stack gap="md">
            <Skeleton h={32} w="50%" />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} h={36} />
            ))}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
