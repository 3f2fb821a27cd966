import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconLayoutKanban, IconSearch } from '@tabler/icons-react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { CRM_DEFAULTS, crmType, type RecordTypeId, type Refs } from '@tradeloop/contracts/crm/records';
import type { KanbanBoard, KanbanCard, KanbanColumn } from '@tradeloop/contracts/crm/kanban';
import { SCORE_FIELD } from '@tradeloop/contracts/crm/scoring';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useFields } from '../../records/api/get-fields.ts';
import { useSavedFilters } from '../../views/api/get-views.ts';
import { fetchColumnPage, useBoard, useMoveCard, useStoreBoard, type BoardParams } from '../api/kanban.ts';
import { BulkBar } from '../../records/components/BulkBar.tsx';
import { recordTypePermission } from '../../shared/record-permission.ts';
import { useCan } from '../../../../lib/permissions.ts';
import { formatMoney, fromListField, toneOf } from '../../shared/fields.ts';
import { CRM_PATHS } from '../../shared/paths.ts';

type ColumnState = KanbanColumn & { loading: boolean };

function subtitle(card: KanbanCard, refs: Refs) {
  const { values } = card;
  if (typeof values.company === 'string') return values.company;
  if (typeof values.account === 'number') return refs.records[String(values.account)]?.title;
  if (typeof values.email === 'string') return values.email;
  return undefined;
}

function CardBody({
  card,
  refs,
  currency,
  selected,
  onToggle,
  typeId,
}: {
  card: KanbanCard;
  refs: Refs;
  currency: string | null;
  selected: boolean;
  onToggle?: () => void;
  typeId: RecordTypeId;
}) {
  const detail = subtitle(card, refs);
  return (
    <Card padding="sm" radius="md" shadow="xs" withBorder bg={selected ? 'brand.0' : 'white'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={CRM_PATHS.detail(typeId, card.id)}
            fw={600}
            size="sm"
            lineClamp={2}
            py={2}
            // The card moves when dragged by its title too (a click still opens the record): no native link drag.
            draggable={false}
          >
            {card.title}
          </Anchor>
          {detail && (
            <Text size="xs" c="dimmed" truncate>
              {detail}
            </Text>
          )}
        </Stack>
        {onToggle && (
          <Checkbox
            size="sm"
            aria-label={`Select ${card.title}`}
            checked={selected}
            onChange={onToggle}
            onPointerDown={(event) => event.stopPropagation()}
          />
        )}
      </Group>
      <Group justify="space-between" mt={6} gap="xs">
        {card.amount !== null ? (
          <Text size="sm" fw={700}>
            {formatMoney(card.amount, currency ?? 'USD')}
          </Text>
        ) : (
          <span />
        )}
        <Group gap={6} wrap="nowrap">
          {typeof card.values[SCORE_FIELD.name] === 'number' && (
            <Badge size="sm" variant="light" tt="none" data-testid="card-score">
              Score {card.values[SCORE_FIELD.name]}
            </Badge>
          )}
          {card.owner && (
            <Text size="xs" c="dimmed">
              {card.owner.full_name}
            </Text>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function DraggableCard(props: {
  card: KanbanCard;
  refs: Refs;
  currency: string | null;
  selected: boolean;
  onToggle: () => void;
  typeId: RecordTypeId;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: props.card.unique_id,
    data: { card: props.card },
    // A group, not a button: the card holds its own link and checkbox, which a button could not.
    attributes: { role: 'group' },
  });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      className="tl-kanban-card"
      style={{ opacity: isDragging ? 0.4 : 1 }}
      aria-label={`${props.card.title}: press Space to move`}
    >
      <CardBody {...props} />
    </div>
  );
}

function BoardColumn({
  column,
  refs,
  currency,
  selected,
  onToggle,
  onLoadMore,
  typeId,
}: {
  column: ColumnState;
  refs: Refs;
  currency: string | null;
  selected: Set<number>;
  onToggle: (id: number) => void;
  onLoadMore: () => void;
  typeId: RecordTypeId;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `column:${column.value}`, data: { value: column.value } });
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = column.currentPage < column.lastPage;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onLoadMore(),
      { rootMargin: '120px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore]);
  return (
    <section
      ref={setNodeRef}
      className="tl-kanban-column"
      data-over={isOver || undefined}
      aria-label={`${column.label}, ${column.count} cards`}
    >
      <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="dot" color={toneOf(column.value)} tt="none" size="md">
            {column.label}
          </Badge>
          <Text size="sm" c="dimmed" fw={600}>
            {column.count}
          </Text>
        </Group>
        {column.amount !== null && (
          <Text size="xs" fw={700} c="dimmed">
            {formatMoney(column.amount, currency ?? 'USD')}
          </Text>
        )}
      </Group>
      {/* Cards take the column's width, whatever their text (a long e-mail address used to widen them under a
          scrollbar of their own), and the vertical scrollbar takes a gutter beside them, not their right edge. */}
      <ScrollArea.Autosize
        mah="calc(100vh - 300px)"
        px="xs"
        pb="xs"
        type="auto"
        scrollbars="y"
        offsetScrollbars="present"
        styles={{ content: { minWidth: 0 } }}
      >
        <Stack gap="xs" mih={60}>
          {column.cards.map((card) => (
            <DraggableCard
              key={card.unique_id}
              card={card}
              refs={refs}
              currency={currency}
              selected={selected.has(card.id)}
              onToggle={() => onToggle(card.id)}
              typeId={typeId}
            />
          ))}
          {column.cards.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              Drop cards here
            </Text>
          )}
          <div ref={sentinel} />
          {column.loading && <Loader size="xs" mx="auto" />}
        </Stack>
      </ScrollArea.Autosize>
    </section>
  );
}

function BoardSkeleton() {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      {Array.from({ length: 5 }, (_, index) => (
        <Stack key={index} w={290} gap="xs">
          <Skeleton height={24} width="60%" />
          {Array.from({ length: 4 }, (_, card) => (
            <Skeleton key={card} height={72} radius="md" />
          ))}
        </Stack>
      ))}
    </Group>
  );
}

/** The board (spec sections 4 and 9): a column per pick-list value, 10 cards each, dragged to change stage or status. */
export function KanbanPage() {
  useDocumentTitle('Board · CRM · TradeLoop');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const board: BoardParams = {
    typeId: params.get('type') ? (Number(params.get('type')) as RecordTypeId) : null,
    groupBy: params.get('group'),
    filterId: params.get('filter') ? Number(params.get('filter')) : null,
    query: params.get('q') ?? '',
  };
  const query = useBoard(board);
  const store = useStoreBoard();
  const typeId = (query.data?.type_id ?? board.typeId ?? CRM_DEFAULTS.kanbanTypeId) as RecordTypeId;
  const savedFilters = useSavedFilters(typeId);
  const fields = useFields(typeId);

  const setParam = (change: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change))
        if (value) next.set(key, value);
        else next.delete(key);
      return next;
    });
  const handleSearch = useDebouncedCallback((value: string) => setParam({ q: value || null }), 300);

  if (query.isError) {
    const message = isApiError(query.error) ? query.error.message : undefined;
    return <ErrorState message={message} onRetry={() => void query.refetch()} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h2">
          Board
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            value={String(typeId)}
            onChange={(value) => {
              setParam({ type: value, group: null, filter: null });
              store.mutate({ type_id: Number(value) as RecordTypeId });
            }}
            data={[1, 2, 4, 3].map((id) => ({ value: String(id), label: crmType(id as RecordTypeId).name }))}
          />
          <Select
            aria-label="Group by"
            w={180}
            data={(query.data?.group_options ?? []).map((option) => ({
              value: option.name,
              label: `By ${option.label.toLowerCase()}`,
            }))}
            value={query.data?.group_by.name ?? null}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              setParam({ group: value });
              store.mutate({ type_id: typeId, group_by: value });
            }}
          />
          <Select
            aria-label="Saved filter"
            w={180}
            placeholder="All records"
            clearable
            data={(savedFilters.data ?? []).map((filter) => ({ value: String(filter.id), label: filter.name }))}
            value={board.filterId ? String(board.filterId) : null}
            onChange={(value) => setParam({ filter: value })}
          />
          <TextInput
            aria-label="Search cards"
            placeholder="Search…"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              handleSearch(event.currentTarget.value);
            }}
            w={200}
          />
        </Group>
      </Group>
      {query.isPending ? (
        <BoardSkeleton />
      ) : (
        <Board
          key={JSON.stringify([
            query.data.type_id,
            query.data.group_by.name,
            board.filterId,
            board.query,
            query.dataUpdatedAt,
          ])}
          data={query.data}
          params={board}
          fieldsReady={fields.data ? fields.data.map(fromListField) : []}
        />
      )}
    </Stack>
  );
}

function Board({
  data,
  params,
  fieldsReady,
}: {
  data: KanbanBoard;
  params: BoardParams;
  fieldsReady: ReturnType<typeof fromListField>[];
}) {
  const typeId = data.type_id as RecordTypeId;
  const can = useCan();
  // Spec section 4: the board loads with every card unselected.
  const [selected, setSelected] = useState<Set<number>>(
    () =>
      new Set(data.columns.flatMap((column) => column.cards.filter((card) => card.selected).map((card) => card.id))),
  );
  const [columns, setColumns] = useState<ColumnState[]>(() =>
    data.columns.map((column) => ({ ...column, loading: false })),
  );
  const [refs, setRefs] = useState<Refs>(data.refs);
  const [dragging, setDragging] = useState<KanbanCard | null>(null);
  const move = useMoveCard();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const loadMore = (value: string) => {
    const column = columns.find((candidate) => candidate.value === value);
    if (!column || column.loading || column.currentPage >= column.lastPage) return;
    setColumns((current) => current.map((item) => (item.value === value ? { ...item, loading: true } : item)));
    void fetchColumnPage({
      ...params,
      typeId,
      groupBy: data.group_by.name,
      column: value,
      page: column.currentPage + 1,
    })
      .then((page) => {
        const next = page.columns[0];
        setRefs((current) => ({
          users: { ...current.users, ...page.refs.users },
          records: { ...current.records, ...page.refs.records },
        }));
        setColumns((current) =>
          current.map((item) => {
            if (item.value !== value || !next) return item;
            const known = new Set(item.cards.map((card) => card.id));
            return {
              ...item,
              loading: false,
              currentPage: next.currentPage,
              lastPage: next.lastPage,
              cards: [...item.cards, ...next.cards.filter((card) => !known.has(card.id))],
            };
          }),
        );
      })
      .catch(() =>
        setColumns((current) => current.map((item) => (item.value === value ? { ...item, loading: false } : item))),
      );
  };

  const handleDragStart = (event: DragStartEvent) =>
    setDragging((event.active.data.current as { card: KanbanCard }).card);
  const handleDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const card = (event.active.data.current as { card: KanbanCard }).card;
    const target = event.over?.data.current as { value: string } | undefined;
    const from = columns.find((column) => column.cards.some((item) => item.id === card.id));
    if (!target || !from || from.value === target.value) return;
    const before = columns;
    const amount = card.amount ?? 0;
    setColumns((current) =>
      current.map((column) => {
        if (column.value === from.value)
          return {
            ...column,
            count: column.count - 1,
            amount: column.amount === null ? null : column.amount - amount,
            cards: column.cards.filter((item) => item.id !== card.id),
          };
        if (column.value === target.value)
          return {
            ...column,
            count: column.count + 1,
            amount: column.amount === null ? null : column.amount + amount,
            cards: [{ ...card, values: { ...card.values, [data.group_by.name]: target.value } }, ...column.cards],
          };
        return column;
      }),
    );
    move.mutate(
      { unique_id: card.unique_id, type_id: typeId, group_by: data.group_by.name, value: target.value },
      { onSuccess: (result) => notifySuccess(result.message ?? 'Card moved'), onError: () => setColumns(before) },
    );
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const total = columns.reduce((sum, column) => sum + column.count, 0);
  if (total === 0 && !params.query && !params.filterId) {
    return (
      <Card>
        <EmptyState
          icon={<IconLayoutKanban size={32} />}
          title={`No ${crmType(typeId).name.toLowerCase()} on the board yet`}
          description={`Add ${crmType(typeId).name.toLowerCase()} and they appear here, one column per ${data.group_by.label.toLowerCase()}.`}
        />
      </Card>
    );
  }

  return (
    <Stack gap="sm">
      {selected.size > 0 && (
        <BulkBar
          typeId={typeId}
          ids={[...selected]}
          fields={fieldsReady}
          inBin={false}
          mayEdit={can(recordTypePermission(typeId, 'edit'))}
          mayDelete={can(recordTypePermission(typeId, 'delete'))}
          onDone={() => setSelected(new Set())}
        />
      )}
      <DndContext
        sensors={sensors}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <ScrollArea type="auto" offsetScrollbars>
          <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
            {columns.map((column) => (
              <BoardColumn
                key={column.value}
                column={column}
                refs={refs}
                currency={data.currency}
                selected={selected}
                onToggle={toggle}
                onLoadMore={() => loadMore(column.value)}
                typeId={typeId}
              />
            ))}
          </Group>
        </ScrollArea>
        <DragOverlay>
          {dragging && (
            <Box w={270}>
              <CardBody card={dragging} refs={refs} currency={data.currency} selected={false} typeId={typeId} />
            </Box>
          )}
        </DragOverlay>
      </DndContext>
    </Stack>
  );
}
