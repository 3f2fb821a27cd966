import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Grid, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import type { ChartConfiguration } from 'chart.js';
import { pageLabel } from '@tradeloop/contracts/tracking';
import { type TrackingReport } from '@tradeloop/contracts/crm/engagement';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { crmData } from '../shared/api/client.ts';
import { workKeys } from '../shared/target.ts';
import { Chart } from '../../../components/Chart.tsx';
import { Figure } from './Figure.tsx';
import { duration } from './format.ts';

const BRAND = '#1c7ed6';
const ACCENT = '#f08c00';
const GREEN = '#2f9e44';

type Row = {
  key: string;
  label: string;
  views: number;
  unique_visitors: number;
  avg_time_on_page: number | null;
  avg_scroll: number | null;
};

function FiguresTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Views</Table.Th>
            <Table.Th>Visitors</Table.Th>
            <Table.Th>Avg. time</Table.Th>
            <Table.Th>Avg. scroll</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td style={{ wordBreak: 'break-word' }}>{row.label}</Table.Td>
              <Table.Td>{row.views}</Table.Td>
              <Table.Td>{row.unique_visitors}</Table.Td>
              <Table.Td>{duration(row.avg_time_on_page)}</Table.Td>
              <Table.Td>{row.avg_scroll === null ? '—' : `${row.avg_scroll} %`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function bars(labels: string[], datasets: { label: string; data: number[]; color: string }[], horizontal = false) {
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels,
      datasets: datasets.map((set) => ({ label: set.label, data: set.data, backgroundColor: set.color })),
    },
    options: { indexAxis: horizontal ? 'y' : 'x', scales: { x: { beginAtZero: true }, y: { beginAtZero: true } } },
  };
  return config as ChartConfiguration<'bar' | 'line'>;
}

function ReportBody({ report }: { report: TrackingReport }) {
  const daily = useMemo(() => {
    const config: ChartConfiguration<'line'> = {
      type: 'line',
      data: {
        labels: report.daily.map((day) => day.day),
        datasets: [
          { label: 'Views', data: report.daily.map((day) => day.views), borderColor: BRAND, backgroundColor: BRAND },
          {
            label: 'Unique visitors',
            data: report.daily.map((day) => day.unique_visitors),
            borderColor: ACCENT,
            backgroundColor: ACCENT,
          },
        ],
      },
      options: { scales: { y: { beginAtZero: true } } },
    };
    return config as ChartConfiguration<'bar' | 'line'>;
  }, [report]);
  const products = useMemo(
    () =>
      bars(
        report.products.map((row) => row.name ?? `Product ${row.product_id}`),
        [
          { label: 'Views', data: report.products.map((row) => row.views), color: BRAND },
          { label: 'Unique visitors', data: report.products.map((row) => row.unique_visitors), color: ACCENT },
        ],
        true,
      ),
    [report],
  );
  const funnel = useMemo(
    () =>
      bars(
        ['Product views', 'Quote form opened', 'Quote sent'],
        [
          {
            label: 'Funnel',
            data: [report.funnel.product_views, report.funnel.quote_modal_opened, report.funnel.quote_sent],
            color: GREEN,
          },
        ],
      ),
    [report],
  );

  if (report.totals.views === 0)
    return (
      <Card>
        <EmptyState
          icon={<IconChartBar size={30} />}
          title="No visits in this period"
          description="Views of your products appear here as buyers browse the marketplace. Try a longer period."
        />
      </Card>
    );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure label="Views" value={report.totals.views} />
        <Figure label="Unique visitors" value={report.totals.unique_visitors} />
        <Figure label="Sessions" value={report.totals.sessions} />
        <Figure label="Quotes received" value={report.funnel.quote_sent} />
        <Figure label="Avg. time per lead" value={duration(report.statistics.avg_time_spend_lead * 1000)} />
        <Figure label="Avg. page views per lead" value={report.statistics.avg_page_view_per_lead} />
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Views by day
        </Title>
        <Chart label="Views and unique visitors by day" config={daily} />
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder h="100%">
            <Title order={2} size="h4" mb="sm">
              Products
            </Title>
            <Chart label="Views and visitors of your most viewed products" config={products} />
            <FiguresTable
              caption="Most viewed products"
              rows={report.products.map((row) => ({
                ...row,
                key: String(row.product_id),
                label: row.name ?? `Product ${row.product_id}`,
              }))}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder h="100%">
            <Title order={2} size="h4" mb="sm">
              From product view to quote
            </Title>
            <Chart label="Funnel: product views, quote form opened, quote sent" config={funnel} height={220} />
            <Group justify="space-around" mt="sm">
              <Text size="sm">Views {report.funnel.product_views}</Text>
              <Text size="sm">Opened {report.funnel.quote_modal_opened}</Text>
              <Text size="sm">Sent {report.funnel.quote_sent}</Text>
            </Group>
          </Card>
        </Grid.Col>
      </Grid>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder h="100%">
            <FiguresTable
              caption="Pages"
              rows={report.pages.map((row) => ({ ...row, key: row.page_name, label: pageLabel(row.page_name) }))}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder h="100%">
            <Table striped verticalSpacing="xs" captionSide="top">
              <Table.Caption>Signed-in visitors by country</Table.Caption>
              <Table.Tbody>
                {report.countries.map((row) => (
                  <Table.Tr key={row.country}>
                    <Table.Td>{row.country}</Table.Td>
                    <Table.Td>{row.visitors}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder h="100%">
            <Table striped verticalSpacing="xs" captionSide="top" data-testid="top-buyers">
              <Table.Caption>Most engaged buyers</Table.Caption>
              <Table.Tbody>
                {report.top_buyers.map((row) => (
                  <Table.Tr key={row.user_id}>
                    <Table.Td>{row.name ?? 'A buyer'}</Table.Td>
                    <Table.Td>
                      {row.views} views · {duration(row.time_on_page)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /crm/engagement: the seller's report over a chosen period (the last 30 days by default). */
export function EngagementReportPage() {
  useDocumentTitle('Engagement report · CRM · TradeLoop');
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const report = useQuery({
    queryKey: [...workKeys.all(), 'engagement-report', from, to],
    queryFn: ({ signal }) =>
      crmData<TrackingReport>('crm/tracking/report', {
        query: { from: from || undefined, to: to || undefined },
        signal,
      }),
  });
  const handlePeriod = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return (
    <Stack>
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={1} size="h2">
          Engagement report
        </Title>
        <Group gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from || report.data?.from || ''}
            onChange={(event) => handlePeriod('from', event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to || report.data?.to || ''}
            onChange={(event) => handlePeriod('to', event.currentTarget.value)}
          />
        </Group>
      </Group>
      {report.isPending ? (
        <Stack role="status" aria-label="Loading the report">
          <Skeleton h={80} />
          <Skeleton h={260} />
        </Stack>
      ) : report.isError ? (
        <ErrorState onRetry={() => report.refetch()} />
      ) : (
        <ReportBody report={report.data} />
      )}
    </Stack>
  );
}
