import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Badge,
  Card,
  Grid,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ChartConfiguration } from 'chart.js';
import type { SellerFigures, Statistics } from '@tradeloop/contracts/statistics';
import {
  STATISTICS_DEFAULT_PERIOD,
  STATISTICS_PERIOD_LABELS,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
} from '@tradeloop/contracts/statistics-constants';
import { Chart } from '../../../components/Chart.tsx';
import { FigureCard } from './FigureCard.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { useCrmUsers } from '../../crm/shared/api/get-users.ts';
import { useSellerStatistics } from '../api/get-seller-statistics.ts';
import { amount } from '../../orders/format.ts';

const BRAND = '#1c7ed6';
const ACCENT = '#f08c00';
const GREEN = '#2f9e44';
const COMPANY = 'company';

/** Seconds as "2 h 5 min", "3 min" or "40 s"; a dash when nothing was measured. */
function responseTime(seconds: number | null) {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.round(hours / 24)} days`;
}

const number = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
const percent = (value: number) => `${value} %`;

/** Each currency's exact amount ("USD 4,731.77 · EUR 900.00"); a dash without orders. */
const orderValue = (values: SellerFigures['order_value']) =>
  values.length === 0 ? '—' : values.map((value) => amount(value.amount, value.currency)).join(' · ');

function FigureCards({ period, total }: { period: SellerFigures; total: SellerFigures }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      <FigureCard label="Quote requests" value={number(period.total_quotation)} total={number(total.total_quotation)} />
      <FigureCard label="RFQs" value={number(period.total_rfq)} total={number(total.total_rfq)} />
      <FigureCard
        label="Median first response"
        value={responseTime(period.median_first_response_seconds)}
        total={responseTime(total.median_first_response_seconds)}
        note={
          <Text size="xs" c="dimmed">
            {number(period.answered_quotation)} of {number(period.total_quotation)} answered
          </Text>
        }
      />
      <FigureCard
        label="Orders"
        value={number(period.total_orders)}
        total={number(total.total_orders)}
        note={
          <Text size="xs" c="dimmed">
            {period.quotation_order_conversion_rate}% of quotations became orders
          </Text>
        }
      />
      <FigureCard
        label="Order value"
        value={orderValue(period.order_value)}
        total={orderValue(total.order_value)}
        note={
          <Text size="xs" c="dimmed">
            One figure per currency, not converted; cancelled orders left out
          </Text>
        }
      />
      <FigureCard label="Leads" value={number(period.total_leads)} total={number(total.total_leads)} />
      <FigureCard label="Contacts" value={number(period.total_contacts)} total={number(total.total_contacts)} />
      <FigureCard
        label="Time on your pages per lead"
        value={responseTime(period.avg_time_spend_lead)}
        total={responseTime(total.avg_time_spend_lead)}
      />
      <FigureCard
        label="Page views per lead"
        value={number(period.avg_page_view_per_lead)}
        total={number(total.avg_page_view_per_lead)}
      />
      <FigureCard label="Wishlists" value={number(period.wishlist_count)} total={number(total.wishlist_count)} />
      <FigureCard label="Products added" value={number(period.total_products)} total={number(total.total_products)} />
      <FigureCard label="Brands" value={number(period.total_brands)} total={number(total.total_brands)} />
      <FigureCard label="Categories" value={number(period.total_categories)} total={number(total.total_categories)} />
    </SimpleGrid>
  );
}

/** A chart with its figures as a table a screen reader (or anyone) can open. */
function ChartCard(props: {
  title: string;
  summary: string;
  config: ChartConfiguration<'bar' | 'line'>;
  table: ReactNode;
}) {
  return (
    <Card withBorder h="100%">
      <Title order={3} size="h5" mb="sm">
        {props.title}
      </Title>
      <Chart label={props.summary} config={props.config} height={240} />
      <details style={{ marginTop: 12 }}>
        <summary style={{ cursor: 'pointer' }}>
          <Text span size="sm">
            Show the figures as a table
          </Text>
        </summary>
        {props.table}
      </details>
    </Card>
  );
}

function SeriesTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <Table.ScrollContainer minWidth={320} mah={260}>
      <Table striped verticalSpacing={4} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The three rates, with the short names the chart's axis has room for (the table says them in full). */
function conversionRates(period: SellerFigures) {
  return [
    ['Leads converted', 'Converted', period.lead_oppportunity_conversion_rate],
    ['Leads that became deals', 'Deals', period.lead_to_opportunity_deal_conversion_rate],
    ['Leads that became customers (deal won)', 'Won', period.lead_to_customer_conversion_rate],
  ] as const;
}

function Charts({ stats }: { stats: Statistics }) {
  const per = stats.period.bucket === 'day' ? 'Day' : 'Week of';
  const activity = useMemo(() => {
    const labels = stats.series.map((point) => point.start);
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels,
        datasets: [
          { label: 'Leads', data: stats.series.map((point) => point.leads), backgroundColor: BRAND },
          { label: 'Quote requests', data: stats.series.map((point) => point.quotations), backgroundColor: ACCENT },
        ],
      },
      options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    };
    return config as ChartConfiguration<'bar' | 'line'>;
  }, [stats]);
  const response = useMemo(() => {
    const labels = stats.series.map((point) => point.start);
    const config: ChartConfiguration<'line'> = {
      type: 'line',
      data: {
        labels,
        datasets: [
          {
            label: 'Median first response (hours)',
            data: stats.series.map((point) =>
              point.median_first_response_seconds === null
                ? null
                : Math.round(point.median_first_response_seconds / 360) / 10,
            ) as number[],
            borderColor: GREEN,
            backgroundColor: GREEN,
            spanGaps: true,
          },
        ],
      },
      options: { scales: { y: { beginAtZero: true } } },
    };
    return config as ChartConfiguration<'bar' | 'line'>;
  }, [stats]);
  const period = stats.figures.period;
  const rates = conversionRates(period);
  const conversion = useMemo(() => {
    const rates = conversionRates(stats.figures.period);
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: rates.map(([, short]) => short),
        datasets: [{ label: 'Percent of the leads', data: rates.map(([, , value]) => value), backgroundColor: BRAND }],
      },
      options: {
        indexAxis: 'y',
        scales: { x: { beginAtZero: true, max: 100 } },
        plugins: { legend: { display: false } },
      },
    };
    return config as ChartConfiguration<'bar' | 'line'>;
  }, [stats]);
  const sum = (key: 'leads' | 'quotations') => stats.series.reduce((total, point) => total + point[key], 0);
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <ChartCard
          title="Leads and quote requests"
          summary={`Bar chart per ${per.toLowerCase()}: ${sum('leads')} leads and ${sum('quotations')} quote requests from ${stats.period.from} to ${stats.period.to}.`}
          config={activity}
          table={
            <SeriesTable
              caption="Leads and quote requests"
              head={[per, 'Leads', 'Quote requests']}
              rows={stats.series.map((point) => [point.start, point.leads, point.quotations])}
            />
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
        <ChartCard
          title="Conversion"
          summary={`Bar chart: ${rates.map(([label, , value]) => `${label} ${value} %`).join(', ')}.`}
          config={conversion}
          table={
            <SeriesTable
              caption="Conversion of the period's leads"
              head={['Step', 'Percent']}
              rows={rates.map(([label, , value]) => [label, percent(value)])}
            />
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
        <ChartCard
          title="Time to first response"
          summary={`Line chart per ${per.toLowerCase()} of the median time to answer a quote request; over the period ${responseTime(period.median_first_response_seconds)}.`}
          config={response}
          table={
            <SeriesTable
              caption="Median time to first response"
              head={[per, 'Answered', 'Median']}
              rows={stats.series.map((point) => [
                point.start,
                point.answered,
                responseTime(point.median_first_response_seconds),
              ])}
            />
          }
        />
      </Grid.Col>
    </Grid>
  );
}

function StatisticsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading your figures">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/** The period and member of the figures, kept in the address so a view can be shared and reloaded. */
function useStatisticsFilters() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = (STATISTICS_PERIODS as readonly string[]).includes(asked ?? '')
    ? (asked as StatisticsPeriod)
    : STATISTICS_DEFAULT_PERIOD;
  const member = Number(params.get('member'));
  const update = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  return {
    period,
    userId: Number.isInteger(member) && member > 0 ? member : null,
    setPeriod: (value: string) => update('period', value),
    setMember: (value: string | null) => update('member', value === COMPANY ? null : value),
  };
}

function MemberSelect({ value, onChange }: { value: number | null; onChange: (value: string | null) => void }) {
  const users = useCrmUsers();
  const data = [
    { value: COMPANY, label: 'Whole company' },
    ...(users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name })),
  ];
  return (
    <Select
      label="Team member"
      data={data}
      value={value === null ? COMPANY : String(value)}
      onChange={onChange}
      allowDeselect={false}
      disabled={users.isPending}
      w={220}
    />
  );
}

/**
 * The seller's statistics on the dashboard (issue 20, decision 042): figures and charts over a chosen
 * period, for the whole company or one member. A role that sees only its own leads gets its own figures
 * and no member choice. Loaded lazily, with Chart.js, only here.
 */
export function SellerStatistics() {
  const can = useCan();
  const choosesMember = can('crm.leads.all');
  const filters = useStatisticsFilters();
  const stats = useSellerStatistics({ period: filters.period, userId: choosesMember ? filters.userId : null });
  return (
    <Stack gap="md" component="section" aria-labelledby="statistics-title">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={2} size="h3" id="statistics-title">
            Your figures
          </Title>
          <Text size="sm" c="dimmed">
            {stats.data
              ? `${stats.data.period.from} to ${stats.data.period.to}${stats.data.user_id === null ? ', whole company' : ''}`
              : 'Quotes, leads and conversion over the period'}
          </Text>
        </div>
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="statistics-period">
              Period
            </Text>
            <SegmentedControl
              aria-labelledby="statistics-period"
              value={filters.period}
              onChange={filters.setPeriod}
              data={STATISTICS_PERIODS.map((period) => ({ value: period, label: STATISTICS_PERIOD_LABELS[period] }))}
            />
          </Stack>
          {choosesMember && <MemberSelect value={filters.userId} onChange={filters.setMember} />}
          {stats.isFetching && !stats.isPending && (
            <Badge variant="light" role="status">
              Updating…
            </Badge>
          )}
        </Group>
      </Group>
      {stats.isPending ? (
        <StatisticsSkeleton />
      ) : stats.isError ? (
        <Card withBorder>
          <ErrorState
            title="We could not load your figures"
            message={stats.error.message}
            onRetry={() => void stats.refetch()}
          />
        </Card>
      ) : (
        <>
          <FigureCards period={stats.data.figures.period} total={stats.data.figures.total} />
          <Charts stats={stats.data} />
        </>
      )}
    </Stack>
  );
}
