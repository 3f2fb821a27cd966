import {
  Badge,
  Button,
  Container,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Ad, AdCreateBody } from '@tradeloop/contracts/promotion';
import {
  AD_LIMITS,
  AD_TYPES,
  AD_TYPE_LABELS,
  utcDay,
  type AdStatus,
  type AdType,
} from '@tradeloop/contracts/promotion-constants';
import { showFormErrors } from '../form-errors.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { useAds, useDeleteAd, usePickerProducts, useSaveAd } from '../api/ads.ts';

const STATUS_COLORS: Record<AdStatus, string> = { scheduled: 'blue', running: 'green', ended: 'gray' };
const STATUS_LABELS: Record<AdStatus, string> = { scheduled: 'Scheduled', running: 'Running', ended: 'Ended' };

type FormState = {
  ad_type: AdType;
  title_1: string;
  title_2: string;
  title_3: string;
  product_ids: string[];
  start_date: string;
  end_date: string;
};

const inAWeek = () => utcDay(new Date(Date.now() + 7 * 86_400_000));

const stateOf = (ad: Ad | null): FormState =>
  ad
    ? {
        ad_type: ad.ad_type,
        title_1: ad.title_1,
        title_2: ad.title_2 ?? '',
        title_3: ad.title_3 ?? '',
        product_ids: ad.product_ids.map(String),
        start_date: ad.start_date,
        end_date: ad.end_date,
      }
    : {
        ad_type: 'both',
        title_1: '',
        title_2: '',
        title_3: '',
        product_ids: [],
        start_date: utcDay(),
        end_date: inAWeek(),
      };

function AdForm({ ad, onDone }: { ad: Ad | null; onDone: () => void }) {
  const [state, setState] = useState<FormState>(() => stateOf(ad));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const products = usePickerProducts('');
  const save = useSaveAd();
  const options = [
    ...(products.data?.data ?? []).map((product) => ({
      value: String(product.id),
      label: product.status === 'active' ? product.name : `${product.name} (${product.status})`,
    })),
    // An ad's products beyond the picker's first hundred still show by name.
    ...(ad?.products ?? [])
      .filter((product) => !products.data?.data.some((entry) => entry.id === product.id))
      .map((product) => ({ value: String(product.id), label: product.name })),
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body: AdCreateBody = {
      ad_type: state.ad_type,
      title_1: state.title_1,
      title_2: state.title_2 || null,
      title_3: state.title_3 || null,
      product_ids: state.product_ids.map(Number),
      start_date: state.start_date,
      end_date: state.end_date,
    };
    save.mutate(
      { id: ad?.id, body },
      {
        onSuccess: onDone,
        onError: (error) => showFormErrors(error, setErrors),
      },
    );
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate aria-label={ad ? 'Edit ad' : 'New ad'}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {ad ? 'Edit ad' : 'New ad'}
          </Title>
          <Select
            label="Where it shows"
            data={AD_TYPES.map((type) => ({ value: type, label: AD_TYPE_LABELS[type] }))}
            value={state.ad_type}
            allowDeselect={false}
            onChange={(value) => value && setState({ ...state, ad_type: value as AdType })}
            error={errors.ad_type}
          />
          <Text size="sm" c="dimmed">
            The ad shows for searches with these words (title 1 is also its headline); on product pages, for products
            named with them or in the same category.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(['title_1', 'title_2', 'title_3'] as const).map((name, index) => (
              <TextInput
                key={name}
                label={`Search term ${index + 1}`}
                required={index === 0}
                maxLength={AD_LIMITS.titleMax}
                value={state[name]}
                onChange={(event) => setState({ ...state, [name]: event.currentTarget.value })}
                error={errors[name]}
              />
            ))}
          </SimpleGrid>
          <MultiSelect
            label="Products"
            description={`Up to ${AD_LIMITS.productsMax} of your products`}
            placeholder={state.product_ids.length ? undefined : 'Choose products'}
            data={options}
            value={state.product_ids}
            onChange={(value) => setState({ ...state, product_ids: value })}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            maxValues={AD_LIMITS.productsMax}
            nothingFoundMessage={products.isLoading ? 'Loading…' : 'No product matches'}
            error={errors.product_ids}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label="Start date (UTC)"
              value={state.start_date}
              onChange={(event) => setState({ ...state, start_date: event.currentTarget.value })}
              error={errors.start_date}
            />
            <TextInput
              type="date"
              label="End date (UTC)"
              value={state.end_date}
              min={state.start_date}
              onChange={(event) => setState({ ...state, end_date: event.currentTarget.value })}
              error={errors.end_date}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {ad ? 'Save changes' : 'Create ad'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /ads: the seller's ads with their status and counts, created and changed here. */
export function AdsPage() {
  useDocumentTitle('Ads · TradeLoop');
  const [page, setPage] = useState(1);
  const ads = useAds(page);
  const remove = useDeleteAd();
  const [mode, setMode] = useState<{ kind: 'create' } | { kind: 'edit'; ad: Ad } | null>(null);
  const data = ads.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Ads
            </Title>
            <Text c="dimmed" size="sm">
              Sponsored places for your products above matching searches and on related product pages.
            </Text>
          </div>
          {!mode && <Button onClick={() => setMode({ kind: 'create' })}>New ad</Button>}
        </Group>
        {mode && (
          <AdForm
            key={mode.kind === 'edit' ? mode.ad.id : 'new'}
            ad={mode.kind === 'edit' ? mode.ad : null}
            onDone={() => setMode(null)}
          />
        )}
        {ads.isError && !data ? (
          <ErrorState onRetry={() => void ads.refetch()} />
        ) : !data ? (
          <Skeleton height={160} aria-busy="true" role="status" aria-label="Loading ads" />
        ) : data.total === 0 ? (
          !mode && (
            <EmptyState
              icon={<IconSpeakerphone size={32} />}
              title="No ads yet"
              description="An ad puts your products above the results of searches for its words, between two dates."
            />
          )
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label="Your ads">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Ad</Table.Th>
                    <Table.Th>Products</Table.Th>
                    <Table.Th>Dates (UTC)</Table.Th>
                    <Table.Th miw={130}>Status</Table.Th>
                    <Table.Th ta="right">Impressions</Table.Th>
                    <Table.Th ta="right">Clicks</Table.Th>
                    <Table.Th>
                      <span className="mk-visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((ad) => (
                    <Table.Tr key={ad.id} data-testid={`ad-row-${ad.id}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {ad.title_1}
                        </Text>
                        {(ad.title_2 || ad.title_3) && (
                          <Text size="xs" c="dimmed">
                            Also: {[ad.title_2, ad.title_3].filter(Boolean).join(', ')}
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {AD_TYPE_LABELS[ad.ad_type]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{ad.products.map((product) => product.name).join(', ')}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">
                          {ad.start_date} – {ad.end_date}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[ad.status]} variant="light" tt="none">
                          {STATUS_LABELS[ad.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right" data-testid="ad-impressions">
                        {ad.impressions}
                      </Table.Td>
                      <Table.Td ta="right" data-testid="ad-clicks">
                        {ad.clicks}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Edit ad ${ad.title_1}`}
                            onClick={() => setMode({ kind: 'edit', ad })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ad ${ad.title_1}`}
                            loading={remove.isPending && remove.variables === ad.id}
                            onClick={() => {
                              if (window.confirm(`Delete the ad “${ad.title_1}”?`)) remove.mutate(ad.id);
                            }}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PagePagination page={data} onChange={setPage} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
