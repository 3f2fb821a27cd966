import { Button, Container, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { SocialAccount } from '@tradeloop/contracts/presence';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@tradeloop/contracts/presence-constants';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { describeErrors, isApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { dateText, pluralize } from '../../../lib/format.ts';
import { useCompanyProfile } from '../api/company-profile.ts';
import { CompanyProfileForm } from '../components/CompanyProfileForm.tsx';
import { useFollowers } from '../api/follows.ts';
import { useSaveSocialAccounts, useSocialAccounts } from '../api/social.ts';

type Links = Partial<Record<SocialNetwork, string>>;

const linksOf = (accounts: SocialAccount[]): Links =>
  Object.fromEntries(accounts.map((account) => [account.type, account.profile_link]));

/** The form's links as one submit: filled networks are saved, cleared ones deleted. */
function submitOf(accounts: SocialAccount[], links: Links) {
  const byType = new Map(accounts.map((account) => [account.type, account]));
  const filled = SOCIAL_NETWORKS.filter((network) => links[network.type]?.trim());
  return {
    social_data: filled.map((network) => ({
      id: byType.get(network.type)?.id,
      type: network.type,
      profile_link: links[network.type]!.trim(),
    })),
    delete_ids: accounts.filter((account) => !links[account.type]?.trim()).map((account) => account.id),
  };
}

function SocialAccountsForm({ accounts }: { accounts: SocialAccount[] }) {
  const [links, setLinks] = useState<Links>(() => linksOf(accounts));
  const [errors, setErrors] = useState<Partial<Record<SocialNetwork, string>>>({});
  const save = useSaveSocialAccounts();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = submitOf(accounts, links);
    setErrors({});
    save.mutate(body, {
      onSuccess: (result) => setLinks(linksOf(result.data)),
      onError: (error) => {
        if (!isApiError(error) || error.notified) return;
        // social_data.{index}.…: the index is the entry's in the body sent; anything else (an account
        // deleted meanwhile) has no field and is told in a toast.
        const onFields = Object.entries(error.errors ?? {}).flatMap(([path, messages]) => {
          const index = /^social_data\.(\d+)\./.exec(path)?.[1];
          return index === undefined ? [] : [[body.social_data[Number(index)].type, messages[0]]];
        });
        if (onFields.length) setErrors(Object.fromEntries(onFields));
        else notifyError(error.errors ? describeErrors(error.errors) : error.message);
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Social media accounts">
      <Stack gap="sm">
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network.type}
            label={`${network.label} profile`}
            placeholder={`https://${network.hosts[0]}/…`}
            type="url"
            value={links[network.type] ?? ''}
            error={errors[network.type]}
            onChange={(event) => setLinks({ ...links, [network.type]: event.currentTarget.value })}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save links
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FollowersTable() {
  const [page, setPage] = useState(1);
  const followers = useFollowers(page);
  const data = followers.data;
  if (followers.isError && !data) return <ErrorState onRetry={() => void followers.refetch()} />;
  if (!data) return <Skeleton height={120} aria-busy="true" role="status" aria-label="Loading followers" />;
  if (data.total === 0)
    return (
      <EmptyState
        icon={<IconUsers size={32} />}
        title="No followers yet"
        description="Buyers follow you from your product pages; they hear of every new product you publish."
      />
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {pluralize(data.total, 'follower')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th>Following since</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((follower) => (
              <Table.Tr key={follower.user_id}>
                <Table.Td>{follower.full_name}</Table.Td>
                <Table.Td>{follower.company_name ?? '—'}</Table.Td>
                <Table.Td>{follower.country ?? '—'}</Table.Td>
                <Table.Td>{dateText(follower.followed_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagePagination page={data} onChange={setPage} />
    </Stack>
  );
}

/** /company-page: the seller's company profile, social media links (shown with its products) and its followers. */
export function CompanyPresencePage() {
  useDocumentTitle('Company page · TradeLoop');
  const social = useSocialAccounts();
  const profile = useCompanyProfile();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Company page
          </Title>
          <Text c="dimmed" size="sm">
            What buyers see of your company beside your products.
          </Text>
        </div>
        <Paper withBorder p="lg" component="section" aria-labelledby="company-profile-title">
          <Title order={2} size="h4" mb="xs" id="company-profile-title">
            Company profile
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            What your store’s about-us page shows: business types, figures, address, facilities and certifications.
          </Text>
          {profile.isError && !profile.data ? (
            <ErrorState onRetry={() => void profile.refetch()} />
          ) : profile.data ? (
            <CompanyProfileForm profile={profile.data} />
          ) : (
            <Skeleton height={400} aria-busy="true" role="status" aria-label="Loading the company profile" />
          )}
        </Paper>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="xs">
            Social media accounts
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            One https link per network; leave a field empty to remove it.
          </Text>
          {social.isError && !social.data ? (
            <ErrorState onRetry={() => void social.refetch()} />
          ) : social.data ? (
            <SocialAccountsForm accounts={social.data} />
          ) : (
            <Skeleton height={300} aria-busy="true" role="status" aria-label="Loading social media accounts" />
          )}
        </Paper>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            Followers
          </Title>
          <FollowersTable />
        </Paper>
      </Stack>
    </Container>
  );
}
