import { useState } from 'react';
import {
  Chip,
  Container,
  Drawer,
  Grid,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  type EnquirySummary,
  type EnquiryType,
} from '@tradeloop/contracts/quotes';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useSession } from '../../../lib/session.ts';
import { useEnquiries } from '../api/enquiries.ts';
import { EnquiryThread } from '../components/EnquiryThread.tsx';
import { EnquiryRowBody } from '../components/EnquiryRowBody.tsx';
import { TabPanels } from '../../../components/TabPanels.tsx';

function EnquiryItem({ enquiry, active, onOpen }: { enquiry: EnquirySummary; active: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={active ? 'true' : undefined}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-color-brand-0)' : undefined,
        display: 'block',
        width: '100%',
      }}
      data-testid="enquiry-item"
    >
      <EnquiryRowBody enquiry={enquiry} />
    </UnstyledButton>
  );
}

function EnquiryList(props: {
  type: EnquiryType;
  status: EnquiryStatus | null;
  search: string;
  page: number;
  selected: number | null;
  onOpen: (id: number) => void;
  onStatus: (status: EnquiryStatus | null) => void;
  onPage: (page: number) => void;
}) {
  const list = useEnquiries(props.type, props.status, props.search, props.page);
  const data = list.data;
  return (
    <Stack gap="sm">
      <Chip.Group
        multiple={false}
        value={props.status ?? 'all'}
        onChange={(value) => props.onStatus(value === 'all' ? null : (value as EnquiryStatus))}
      >
        <Group gap={6}>
          <Chip value="all" size="xs">
            All
          </Chip>
          {ENQUIRY_STATUSES.map((status) => (
            <Chip key={status} value={status} size="xs">
              {ENQUIRY_STATUS_LABELS[status]} {data ? `(${data.counts[status]})` : ''}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {list.isError && !data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : !data ? (
        Array.from({ length: 4 }, (_, index) => <Skeleton key={index} h={72} radius="md" />)
      ) : data.data.length === 0 ? (
        <EmptyState
          icon={<IconInbox size={32} />}
          title={props.type === 'sent' ? 'No enquiries sent' : 'No enquiries received yet'}
          description={
            props.type === 'sent' ? (
              <>
                Ask suppliers for a price from any product page. <Link to="/productlist">Browse products</Link>.
              </>
            ) : (
              'When buyers request a quote for your products, their requests appear here.'
            )
          }
        />
      ) : (
        <Stack gap={4}>
          {data.data.map((enquiry) => (
            <EnquiryItem
              key={enquiry.id}
              enquiry={enquiry}
              active={enquiry.id === props.selected}
              onOpen={() => props.onOpen(enquiry.id)}
            />
          ))}
          {data.lastPage > 1 && (
            <Group justify="center" mt="sm">
              <Pagination size="sm" total={data.lastPage} value={data.currentPage} onChange={props.onPage} />
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** Enquiries sent and received (GET enquiry/index), with the negotiation thread beside the list. */
export function EnquiriesPage() {
  useDocumentTitle('Enquiries · TradeLoop');
  const { user } = useSession();
  const receives = user?.user_type === 'seller' || user?.user_type === 'subuser';
  const [params, setParams] = useSearchParams();
  // Sellers land on what they received; buyers only send.
  const type: EnquiryType = receives && params.get('type') !== 'sent' ? 'received' : 'sent';
  const status = (ENQUIRY_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as EnquiryStatus)
    : null;
  const selected = Number(params.get('id')) || null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const wide = useMediaQuery('(min-width: 61.25em)');
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const pushSearch = useDebouncedCallback((value: string) => update({ q: value.trim() || null, page: null }), 300);
  const list = (
    <EnquiryList
      type={type}
      status={status}
      search={params.get('q') ?? ''}
      page={page}
      selected={selected}
      onOpen={(id) => update({ id: String(id) })}
      onStatus={(next) => update({ status: next, page: null })}
      onPage={(next) => update({ page: String(next) })}
    />
  );
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Enquiries
            </Title>
            <Text c="dimmed" size="sm">
              Quote requests and the negotiation with each supplier or buyer
            </Text>
          </div>
          <TextInput
            aria-label="Search enquiries"
            placeholder="Search product or message"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
            w={260}
          />
        </Group>
        <Tabs
          keepMounted={false}
          value={type}
          onChange={(value) => value && update({ type: value, id: null, status: null, page: null })}
        >
          <Tabs.List>
            {receives && <Tabs.Tab value="received">Received</Tabs.Tab>}
            <Tabs.Tab value="sent">Sent</Tabs.Tab>
          </Tabs.List>
          <TabPanels values={receives ? ['received', 'sent'] : ['sent']}>
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder p="sm">
                  {list}
                </Paper>
              </Grid.Col>
              {wide && (
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <Paper withBorder p="lg" mih={300}>
                    {selected ? (
                      <EnquiryThread id={selected} />
                    ) : (
                      <EmptyState
                        icon={<IconInbox size={32} />}
                        title="Choose an enquiry"
                        description="Its thread and your next step appear here."
                      />
                    )}
                  </Paper>
                </Grid.Col>
              )}
            </Grid>
          </TabPanels>
        </Tabs>
      </Stack>
      {!wide && (
        <Drawer
          opened={selected !== null}
          onClose={() => update({ id: null })}
          position="right"
          size="100%"
          title="Enquiry"
        >
          {selected && <EnquiryThread id={selected} />}
        </Drawer>
      )}
    </Container>
  );
}
