import { Anchor, Badge, Container, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconRosetteDiscountCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { MEMBER_TYPES } from '@tradeloop/contracts/market-constants';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { countryName, dateLabel } from '../../../lib/format.ts';
import { useIsOperator, useOperatorSellers, useSetMemberType } from '../api/operator.ts';
import { OperatorsOnly } from '../../../components/OperatorsOnly.tsx';

const [VERIFIED, STANDARD] = MEMBER_TYPES;

/** /operator/sellers: the platform operator finds a seller and verifies it (member type), or takes it back. */
export function SellerVerificationPage() {
  useDocumentTitle('Seller verification · TradeLoop');
  const operator = useIsOperator();
  const [search, setSearch] = useState('');
  const [words] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const sellers = useOperatorSellers(words, page, operator === true);
  const setMemberType = useSetMemberType();
  const data = sellers.data;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Seller verification
          </Title>
          <Text c="dimmed" size="sm">
            A verified supplier carries the “{VERIFIED}” badge on its products and store, and buyers can filter for it.
          </Text>
        </div>
        {operator === false ? (
          <OperatorsOnly icon={<IconRosetteDiscountCheck size={32} />} />
        ) : (
          <>
            <TextInput
              label="Find a seller"
              placeholder="Company name or city"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              maw={420}
            />
            {sellers.isError && !data ? (
              <ErrorState onRetry={() => void sellers.refetch()} />
            ) : !data ? (
              <Skeleton height={300} aria-busy="true" role="status" aria-label="Loading sellers" />
            ) : data.total === 0 ? (
              <EmptyState
                icon={<IconSearch size={32} />}
                title="No sellers found"
                description="Try another company name or city."
              />
            ) : (
              <>
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="sm" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Company</Table.Th>
                        <Table.Th>Seller</Table.Th>
                        <Table.Th>Country</Table.Th>
                        <Table.Th>Member since</Table.Th>
                        <Table.Th>Verified supplier</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.data.map((seller) => (
                        <Table.Tr key={seller.company_id}>
                          <Table.Td>
                            <Anchor component={Link} to={miniSitePath(seller.slug)} size="sm" fw={600}>
                              {seller.company_name}
                            </Anchor>
                            <Badge size="xs" variant="light" color="gray" ml="xs">
                              {seller.company_type}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{seller.seller_name}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{seller.country ? countryName(seller.country) : '—'}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{dateLabel(seller.member_since)}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Switch
                              aria-label={`${seller.company_name} is a verified supplier`}
                              checked={seller.member_type === VERIFIED}
                              disabled={setMemberType.isPending}
                              onChange={(event) =>
                                setMemberType.mutate({
                                  company_id: seller.company_id,
                                  member_type: event.currentTarget.checked ? VERIFIED : STANDARD,
                                })
                              }
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <PagePagination page={data} onChange={setPage} />
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
