import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDownload,
  IconLayoutKanban,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { allViewName, crmType, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { ListingBody } from '@tradeloop/contracts/crm/listing';
import type { View } from '@tradeloop/contracts/crm/views';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { NotFoundPage } from '../../../../app/NotFoundPage.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { useFields } from '../../records/api/get-fields.ts';
import { listingCountText, useListing } from '../api/get-listing.ts';
import { useSavedFilters, useViews } from '../../views/api/get-views.ts';
import { downloadExport } from '../../records/api/import-export.ts';
import { BulkBar } from '../../records/components/BulkBar.tsx';
import { ColumnsPicker } from '../components/ColumnsPicker.tsx';
import { ImportModal } from '../../records/components/ImportModal.tsx';
import { RecordFormModal } from '../../records/components/RecordFormModal.tsx';
import { RecordTable } from '../components/RecordTable.tsx';
import { FilterControls, ViewMenu, type SortState } from '../../views/components/ViewControls.tsx';
import { fromListField } from '../../shared/fields.ts';
import { isNarrowed, storedViewName, storeViewName, useListState, viewStorageKey } from '../list-state.ts';
import { readLocal } from '../../../../lib/storage.ts';
import { CRM_PATHS, typeIdOfSlug } from '../../shared/paths.ts';
import { recordTypePermission } from '../../shared/record-permission.ts';
import { isApiError } from '../../../../lib/api-client.ts';
import { useCan } from '../../../../lib/permissions.ts';

const DEFAULT_SORT: SortState = { field: 'created_at', direction: 'desc' };

/** The server's words when the role may not see this list (403, decision 038); the default text otherwise. */
function forbiddenMessage(error: unknown) {
  return isApiError(error) && error.status === 403 ? error.message : undefined;
}

function TableSkeleton() {
  return (
    <Card padding={0}>
      <Stack gap={0}>
        {Array.from({ length: 10 }, (_, index) => (
          <Group key={index} px="md" h={44} gap="lg" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Skeleton height={14} width={14} />
            <Skeleton height={10} width="18%" radius="xl" />
            <Skeleton height={10} width="14%" radius="xl" />
            <Skeleton height={10} width="22%" radius="xl" />
            <Skeleton height={10} width="12%" radius="xl" />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** A list of leads, contacts, accounts or deals: views, filters, search, columns, bulk actions, import and export. */
export function RecordListPage() {
  const params = useParams();
  const typeId = typeIdOfSlug(params.type);
  if (typeId === null) return <NotFoundPage />;
  return <RecordList key={typeId} typeId={typeId} />;
}

function RecordList({ typeId }: { typeId: RecordTypeId }) {
  const type = crmType(typeId);
  useDocumentTitle(`${type.name} · CRM · TradeLoop`);
  const navigate = useNavigate();
  const can = useCan();
  const mayCreate = can(recordTypePermission(typeId, 'create'));
  const mayEdit = can(recordTypePermission(typeId, 'edit'));
  const mayDelete = can(recordTypePermission(typeId, 'delete'));
  // Rows can be selected only for an action the role may take on them.
  const maySelect = mayEdit || mayDelete;
  const [state, update] = useListState();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState(state.query);
  const fieldsQuery = useFields(typeId);
  const viewsQuery = useViews(typeId);
  const savedFilters = useSavedFilters(typeId);
  const fields = useMemo(
    () => (fieldsQuery.data ?? []).filter((field) => field.on_form).map(fromListField),
    [fieldsQuery.data],
  );
  const views = viewsQuery.data ?? [];
  const builtIn = views.find((view) => view.id === null);
  const active = views.find((view) => view.id === state.viewId) ?? builtIn;

  // The list reopens on the view kept locally under "view" (spec section 3), unless the URL names one.
  useEffect(() => {
    if (state.viewId !== null || !viewsQuery.data) return;
    if (readLocal(viewStorageKey(typeId)) === null) storeViewName(typeId, allViewName(typeId));
    const remembered = viewsQuery.data.find((view) => view.name === storedViewName(typeId) && view.id !== null);
    if (remembered) update({ viewId: remembered.id });
  }, [state.viewId, viewsQuery.data, typeId, update]);

  const viewFilters =
    active?.filters.map((filter) => ({
      id: String(filter.id),
      condition: filter.condition,
      value: filter.value as never,
    })) ?? [];
  const filtersChanged = state.filters !== null;
  const filters = state.filters ?? viewFilters;
  const columns = state.columns ?? active?.columns ?? [];
  const sort = state.sort ?? active?.sort ?? DEFAULT_SORT;
  const dirty = filtersChanged || state.columns !== null || state.sort !== null;

  const body: ListingBody = {
    type_id: typeId,
    type_name: type.name,
    custom_view_id: !filtersChanged && active?.id ? active.id : null,
    filters: filtersChanged ? filters : [],
    filter_id: state.filterId,
    query: state.query || undefined,
    sort,
    per_page: 100,
    deleted: state.bin || undefined,
    columns: state.columns ?? undefined,
  };
  const listing = useListing(body);
  const pages = useMemo(() => listing.data?.pages ?? [], [listing.data]);
  const rows = useMemo(() => pages.flatMap((page) => page.data), [pages]);
  const refs = useMemo(
    () => ({
      users: Object.assign({}, ...pages.map((page) => page.refs.users)),
      records: Object.assign({}, ...pages.map((page) => page.refs.records)),
    }),
    [pages],
  );
  const total = pages[0]?.total ?? 0;
  const totalText = listingCountText(pages[0]);
  const narrowed = isNarrowed(state);

  const handleSearch = useDebouncedCallback((value: string) => update({ query: value }), 300);
  const handleSort = useCallback((next: SortState) => update({ sort: next }), [update]);
  const handleLoadMore = useCallback(() => void listing.fetchNextPage(), [listing]);
  const selectView = (view: View) => {
    storeViewName(typeId, view.name);
    setSelected(new Set());
    update({ viewId: view.id, filters: null, sort: null, columns: null });
  };
  const handleExport = (allFields: boolean) => void downloadExport({ ...body, all_fields: allFields });

  if (fieldsQuery.isError || viewsQuery.isError) {
    return (
      <ErrorState
        message={forbiddenMessage(fieldsQuery.error ?? viewsQuery.error)}
        onRetry={() => void Promise.all([fieldsQuery.refetch(), viewsQuery.refetch()])}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={1} size="h2">
            {state.bin ? `Recently deleted ${type.name.toLowerCase()}` : type.name}
          </Title>
          {!listing.isPending && (
            <Badge variant="light" size="lg" aria-label={`${totalText} records`}>
              {totalText}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {(typeId === 1 || typeId === 2) && (
            <Button
              component={Link}
              to={`${CRM_PATHS.kanban}?type=${typeId}`}
              variant="default"
              leftSection={<IconLayoutKanban size={16} />}
            >
              Board
            </Button>
          )}
          {mayCreate && (
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
              Import
            </Button>
          )}
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                rightSection={<IconChevronDown size={14} />}
              >
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => handleExport(false)}>This view’s columns (CSV)</Menu.Item>
              <Menu.Item onClick={() => handleExport(true)}>Every field (CSV)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {mayCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New {type.singular.toLowerCase()}
            </Button>
          )}
        </Group>
      </Group>

      <Group gap="xs" wrap="wrap">
        {active && (
          <ViewMenu
            typeId={typeId}
            views={views}
            active={active}
            dirty={dirty}
            current={{ columns, sort, filters }}
            narrowedCount={narrowed && listing.isSuccess ? totalText : undefined}
            onSelect={selectView}
            onSaved={(view) => {
              storeViewName(typeId, view.name);
              update({ viewId: view.id, filters: null, sort: null, columns: null });
            }}
            onDeleted={() => {
              storeViewName(typeId, allViewName(typeId));
              update({ viewId: null, filters: null, sort: null, columns: null });
            }}
          />
        )}
        <FilterControls
          key={`${active?.id}-${filtersChanged}`}
          typeId={typeId}
          fields={fields}
          rows={filters}
          onApply={(next) => update({ filters: next })}
          savedFilters={savedFilters.data ?? []}
          activeFilterId={state.filterId}
          onApplySaved={(filter) => update({ filterId: filter?.id ?? null })}
        />
        <TextInput
          aria-label={`Search ${type.name.toLowerCase()}`}
          placeholder={`Search ${type.name.toLowerCase()}…`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            handleSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 240 }}
        />
        <Box style={{ flex: 1 }} />
        <SegmentedControl
          size="xs"
          value={state.bin ? 'bin' : 'live'}
          onChange={(value) => {
            setSelected(new Set());
            update({ bin: value === 'bin' });
          }}
          data={[
            { value: 'live', label: 'Active' },
            { value: 'bin', label: 'Recently deleted' },
          ]}
        />
        <ColumnsPicker fields={fields} columns={columns} onChange={(next) => update({ columns: next })} />
      </Group>

      {selected.size > 0 && (
        <BulkBar
          typeId={typeId}
          ids={[...selected]}
          fields={fields}
          inBin={state.bin}
          mayEdit={mayEdit}
          mayDelete={mayDelete}
          onDone={() => setSelected(new Set())}
        />
      )}

      {listing.isPending || fieldsQuery.isPending || viewsQuery.isPending ? (
        <TableSkeleton />
      ) : listing.isError ? (
        <Card>
          <ErrorState message={forbiddenMessage(listing.error)} onRetry={() => void listing.refetch()} />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          {state.bin ? (
            <EmptyState
              icon={<IconTrash size={32} />}
              title="Nothing deleted"
              description={`Deleted ${type.name.toLowerCase()} stay here so you can restore them.`}
            />
          ) : dirty || state.query || state.filterId || active?.id ? (
            <EmptyState
              icon={<IconSearch size={32} />}
              title={`No ${type.name.toLowerCase()} match`}
              description="Change the conditions or the search, or go back to every record."
              action={
                <Button variant="light" onClick={() => selectView(builtIn!)}>
                  Show {allViewName(typeId).toLowerCase()}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<IconPlus size={32} />}
              title={`No ${type.name.toLowerCase()} yet`}
              description={
                mayCreate
                  ? `Add your first ${type.singular.toLowerCase()}, or import a CSV file from another tool.`
                  : `${type.name} you own appear here.`
              }
              action={
                mayCreate && (
                  <Group>
                    <Button onClick={() => setCreating(true)}>New {type.singular.toLowerCase()}</Button>
                    <Button variant="default" onClick={() => setImporting(true)}>
                      Import
                    </Button>
                  </Group>
                )
              }
            />
          )}
        </Card>
      ) : (
        <RecordTable
          typeId={typeId}
          rows={rows}
          total={pages[0]?.total_bounded ? null : total}
          refs={refs}
          fields={fields}
          columns={columns}
          sort={sort}
          onSort={handleSort}
          selected={selected}
          onSelect={setSelected}
          selectable={maySelect}
          hasMore={!!listing.hasNextPage}
          loadingMore={listing.isFetchingNextPage}
          onLoadMore={handleLoadMore}
          editable={!state.bin && mayEdit}
        />
      )}
      {rows.length > 0 && (
        <Text size="xs" c="dimmed">
          {rows.length.toLocaleString()} of {totalText} loaded; more load as you scroll. Click a value to edit it.
        </Text>
      )}

      <RecordFormModal
        typeId={typeId}
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(record) => navigate(CRM_PATHS.detail(typeId, record.id))}
      />
      <ImportModal typeId={typeId} fields={fields} opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
