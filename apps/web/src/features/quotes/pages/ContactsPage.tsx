import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconAddressBook, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { CONTACT_TAB_LABELS, CONTACT_TABS, contactStatusForTab } from '@tradeloop/contracts/quotes';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateLabel } from '../../../lib/format.ts';
import { useContactAction, useContacts } from '../api/contacts.ts';
import { TabPanels } from '../../../components/TabPanels.tsx';

/** The contact list (POST front/contact_list): tab 1 active contacts, tab 2 blocked, 15 a page. */
export function ContactsPage() {
  useDocumentTitle('Contacts · TradeLoop');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === '2' ? 2 : 1;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const contacts = useContacts(tab, debounced, page);
  const action = useContactAction();
  const data = contacts.data;
  const { mutate: act } = action;
  // Contacts shown once are no longer new (front/update_status); they stay highlighted on this visit.
  useEffect(() => {
    for (const contact of data?.data ?? []) if (contact.is_new) act({ kind: 'seen', id: contact.id });
  }, [data, act]);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Contacts
            </Title>
            <Text c="dimmed" size="sm">
              Buyers and suppliers you exchanged enquiries with or saved
            </Text>
          </div>
          <TextInput
            aria-label="Search contacts"
            placeholder="Name or e-mail"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={240}
          />
        </Group>
        <Tabs
          keepMounted={false}
          value={String(tab)}
          onChange={(value) => setParams(value === '2' ? { tab: '2' } : {})}
        >
          <Tabs.List>
            {CONTACT_TABS.map((value) => (
              <Tabs.Tab
                key={value}
                value={String(value)}
                rightSection={
                  data ? (
                    <Badge size="xs" variant="light">
                      {data.counts[value]}
                    </Badge>
                  ) : null
                }
              >
                {CONTACT_TAB_LABELS[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <TabPanels values={CONTACT_TABS.map(String)}>
            <Paper withBorder>
              {contacts.isError && !data ? (
                <ErrorState onRetry={() => void contacts.refetch()} />
              ) : !data ? (
                <SkeletonRows count={5} height={32} p="md" gap="sm" aria-busy="true" />
              ) : data.data.length === 0 ? (
                <EmptyState
                  icon={<IconAddressBook size={32} />}
                  title={tab === 1 ? 'No contacts yet' : 'Nobody is blocked'}
                  description={
                    tab === 1
                      ? 'Everyone you exchange a quote request with appears here, and you can add suppliers from product pages.'
                      : 'Contacts you block move here; you can bring them back any time.'
                  }
                />
              ) : (
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Company</Table.Th>
                        <Table.Th>Country</Table.Th>
                        <Table.Th ta="right">Enquiries</Table.Th>
                        <Table.Th>Last enquiry</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.data.map((contact) => (
                        <Table.Tr key={contact.id}>
                          <Table.Td>{contact.serialNo}</Table.Td>
                          <Table.Td>
                            <Group gap={6}>
                              <Text size="sm" fw={contact.is_new ? 700 : 500}>
                                {contact.name}
                              </Text>
                              {contact.is_new && (
                                <Badge size="xs" color="red" variant="light">
                                  New
                                </Badge>
                              )}
                            </Group>
                            {contact.email && (
                              <Text size="xs" c="dimmed">
                                {contact.email}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{contact.company_name ?? '—'}</Text>
                            <Text size="xs" c="dimmed">
                              {contact.company_type ?? (contact.user_type === 'others' ? 'Buyer' : '')}
                            </Text>
                          </Table.Td>
                          <Table.Td>{contact.country ?? '—'}</Table.Td>
                          <Table.Td ta="right">{contact.enquiries}</Table.Td>
                          <Table.Td>{contact.last_enquiry_at ? dateLabel(contact.last_enquiry_at) : '—'}</Table.Td>
                          <Table.Td ta="right">
                            <Button
                              size="xs"
                              variant={tab === 1 ? 'subtle' : 'light'}
                              color={tab === 1 ? 'red' : 'brand'}
                              onClick={() =>
                                action.mutate({ kind: 'move', id: contact.id, status: contactStatusForTab(tab) })
                              }
                            >
                              {tab === 1 ? 'Block' : 'Unblock'}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            {data && data.lastPage > 1 && (
              <Group justify="center">
                <Pagination
                  total={data.lastPage}
                  value={data.currentPage}
                  onChange={(next) => setParams({ ...(tab === 2 ? { tab: '2' } : {}), page: String(next) })}
                />
              </Group>
            )}
          </TabPanels>
        </Tabs>
      </Stack>
    </Container>
  );
}
