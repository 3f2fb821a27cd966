import { Anchor, Button, Container, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateText, pluralize } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useFollowedCompanies, useToggleFollow } from '../api/follows.ts';

/** /following: the suppliers the user follows, whose new products reach their notifications. */
export function FollowingPage() {
  useDocumentTitle('Following · TradeLoop');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const followed = useFollowedCompanies(page);
  const toggle = useToggleFollow();
  const data = followed.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Following
          </Title>
          <Text c="dimmed" size="sm">
            {data ? pluralize(data.total, 'supplier') : 'Suppliers you follow'}: their new products reach your
            notifications.
          </Text>
        </div>
        {followed.isError && !data ? (
          <Paper withBorder>
            <ErrorState onRetry={() => void followed.refetch()} />
          </Paper>
        ) : !data ? (
          <Skeleton height={160} aria-busy="true" role="status" aria-label="Loading the suppliers you follow" />
        ) : data.data.length === 0 ? (
          <Paper withBorder>
            <EmptyState
              icon={<IconBuildingStore size={32} />}
              title="You follow no supplier yet"
              description="Follow a supplier from any of its product pages to hear of its new products."
              action={
                <Button component={Link} to={PATHS.productList}>
                  Browse products
                </Button>
              }
            />
          </Paper>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Supplier</Table.Th>
                    <Table.Th>Country</Table.Th>
                    <Table.Th>Since</Table.Th>
                    <Table.Th>
                      <span className="mk-visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((company) => (
                    <Table.Tr key={company.id}>
                      <Table.Td>
                        <Anchor component={Link} to={miniSitePath(company.slug)} fw={600} size="sm">
                          {company.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{company.country_code ?? '—'}</Table.Td>
                      <Table.Td>{dateText(company.followed_at)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="default"
                          loading={toggle.isPending && toggle.variables?.companyId === company.id}
                          onClick={() => toggle.mutate({ companyId: company.id, follow: false })}
                        >
                          Unfollow {company.name}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {data && <PagePagination page={data} onChange={(next) => setParams({ page: String(next) })} />}
      </Stack>
    </Container>
  );
}
