import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Checkbox, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CrmRecord, RecordTypeId, Refs } from '@tradeloop/contracts/crm/records';
import { CRM_PATHS } from '../../shared/paths.ts';
import { valueText, type UiField } from '../../shared/fields.ts';
import { FieldCell, recordValue } from '../../records/components/FieldCell.tsx';
import type { SortState } from '../../views/components/ViewControls.tsx';
import classes from './RecordTable.module.css';

const features = tableFeatures({});
const ROW_HEIGHT = 44;
/** Rows left below the visible ones when the next page is asked for. */
const PREFETCH_ROWS = 30;

type RecordTableProps = {
  typeId: RecordTypeId;
  rows: CrmRecord[];
  /** Matching records, or null when more match than the list counts (ARIA's unknown row count). */
  total: number | null;
  refs: Refs;
  fields: UiField[];
  columns: string[];
  sort: SortState;
  onSort: (sort: SortState) => void;
  selected: Set<number>;
  onSelect: (ids: Set<number>) => void;
  /** Whether rows can be selected: only for a bulk action the role may take (decision 038). */
  selectable?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Whether cells may be edited in place (not in the recycle bin). */
  editable: boolean;
};

const SORTABLE = new Set([
  'text',
  'textarea',
  'email',
  'phone',
  'url',
  'number',
  'currency',
  'date',
  'datetime',
  'select',
  'checkbox',
  'user',
]);

/** The least and the most a column of each kind may take, in pixels. */
const WIDTH_LIMITS: Partial<Record<UiField['type'], [number, number]>> = {
  textarea: [200, 320],
  checkbox: [100, 110],
  number: [120, 200],
  currency: [120, 200],
  date: [120, 200],
  email: [180, 340],
  url: [180, 340],
  phone: [180, 240],
};
const DEFAULT_LIMITS: [number, number] = [130, 260];
/** An average character of a 14 px cell, and what a cell adds around its text (padding, edit button). */
const CHAR_PX = 7.6;
const CELL_CHROME = 60;
/** A badge's bold letters and padding take more room than plain text. */
const BADGE_CHROME = 32;
/** Rows read to size the columns: enough to see the long values, few enough to be quick. */
const SIZED_ROWS = 200;

/**
 * A column as wide as its longest value among the first rows, within its kind's limits, so that
 * e-mail addresses, phone numbers and badges show whole (issue 15); the header's label fits too.
 */
function columnWidth(field: UiField, labels: string[]) {
  const [least, most] = WIDTH_LIMITS[field.type] ?? DEFAULT_LIMITS;
  const longest = Math.max(field.label.length + 3, ...labels.map((label) => label.length));
  const chrome = field.type === 'select' || field.type === 'multiselect' ? CELL_CHROME + BADGE_CHROME : CELL_CHROME;
  return Math.min(most, Math.max(least, Math.ceil(longest * CHAR_PX + chrome)));
}

function HeaderCell({ field, sort, onSort }: { field: UiField; sort: SortState; onSort: (sort: SortState) => void }) {
  const active = sort.field === field.name;
  if (!SORTABLE.has(field.type))
    return (
      <Text fw={600} size="sm" truncate>
        {field.label}
      </Text>
    );
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const next: SortState = { field: field.name, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' };
  return (
    <UnstyledButton
      onClick={() => onSort(next)}
      aria-label={`Sort by ${field.label}${active ? `, now ${sort.direction === 'asc' ? 'ascending' : 'descending'}` : ''}`}
      className={classes.sortButton}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {field.label}
        </Text>
        <Icon size={14} stroke={1.8} opacity={active ? 1 : 0.45} />
      </Group>
    </UnstyledButton>
  );
}

/**
 * The list of a record type: a fixed pool of rows rendered over thousands (virtualized), the next
 * page fetched before the user reaches the end, sortable headers, selection and in-place editing.
 */
export function RecordTable(props: RecordTableProps) {
  const {
    typeId,
    rows,
    refs,
    fields,
    columns,
    sort,
    onSort,
    selected,
    onSelect,
    selectable = true,
    hasMore,
    loadingMore,
    onLoadMore,
    editable,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(
    () =>
      columns.map((name) => fields.find((field) => field.name === name)).filter((field): field is UiField => !!field),
    [columns, fields],
  );
  const titleColumn = shown[0]?.name;

  const columnDefs = useMemo<ColumnDef<typeof features, CrmRecord>[]>(
    () =>
      shown.map((field) => ({
        id: field.name,
        header: () => <HeaderCell field={field} sort={sort} onSort={onSort} />,
        cell: ({ row }) => {
          const record = row.original;
          const cell = <FieldCell record={record} field={field} refs={refs} editable={editable} />;
          if (field.name !== titleColumn) return cell;
          // The first column opens the record: its own value, or the record's title when empty.
          const label = valueText(field, recordValue(record, field), refs) || record.title;
          if (!editable)
            return (
              <Text size="sm" fw={600} truncate>
                {label}
              </Text>
            );
          return (
            <Anchor
              component={Link}
              to={CRM_PATHS.detail(typeId, record.id)}
              fw={600}
              size="sm"
              className={classes.titleLink}
            >
              {label}
            </Anchor>
          );
        },
      })),
    [shown, sort, onSort, refs, editable, titleColumn, typeId],
  );

  const table = useTable({ features, columns: columnDefs, data: rows, getRowId: (row) => String(row.id) });
  const tableRows = table.getRowModel().rows;
  // TanStack Virtual keeps its own state outside React's compiler model; it re-renders on scroll by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tableRows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= tableRows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, tableRows.length, onLoadMore]);

  // Fixed widths, the same for the header and every row, then a filler that takes what is left.
  const widths = useMemo(() => {
    const sample = rows.slice(0, SIZED_ROWS);
    return shown.map((field) =>
      columnWidth(
        field,
        sample.map(
          (record) =>
            valueText(field, recordValue(record, field), refs) || (field.name === titleColumn ? record.title : ''),
        ),
      ),
    );
  }, [rows, shown, refs, titleColumn]);
  const template = `44px ${widths.map((width) => `${width}px`).join(' ')} minmax(0, 1fr)`;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggleAll = () => onSelect(allSelected ? new Set() : new Set(rows.map((row) => row.id)));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  return (
    <Box
      ref={scrollRef}
      className={classes.scroller}
      role="grid"
      aria-rowcount={props.total === null ? -1 : props.total + 1}
      aria-colcount={shown.length + 1}
    >
      <div className={classes.header} style={{ gridTemplateColumns: template }} role="row" aria-rowindex={1}>
        <div className={classes.checkCell} role="columnheader">
          {selectable && (
            <Checkbox
              size="xs"
              aria-label="Select all loaded rows"
              checked={allSelected}
              indeterminate={!allSelected && selected.size > 0}
              onChange={toggleAll}
            />
          )}
        </div>
        {table.getHeaderGroups()[0]?.headers.map((header) => (
          <div
            key={header.id}
            className={classes.headerCell}
            role="columnheader"
            aria-sort={sort.field === header.id ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            <table.FlexRender header={header} />
          </div>
        ))}
        <div aria-hidden />
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = tableRows[item.index];
          if (!row) {
            return (
              <div
                key="loader"
                className={classes.row}
                style={{ transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
                aria-hidden
              >
                <div />
                {shown.map((field) => (
                  <div key={field.name} className={classes.cell}>
                    <Skeleton height={10} radius="xl" />
                  </div>
                ))}
              </div>
            );
          }
          const isSelected = selected.has(row.original.id);
          return (
            <div
              key={row.id}
              className={classes.row}
              data-selected={isSelected || undefined}
              style={{ transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selectable ? isSelected : undefined}
            >
              <div className={classes.checkCell} role="gridcell">
                {selectable && (
                  <Checkbox
                    size="xs"
                    aria-label={`Select ${row.original.title}`}
                    checked={isSelected}
                    onChange={() => toggle(row.original.id)}
                  />
                )}
              </div>
              {row.getAllCells().map((cell) => (
                <div key={cell.id} className={classes.cell} role="gridcell">
                  <table.FlexRender cell={cell} />
                </div>
              ))}
              <div aria-hidden />
            </div>
          );
        })}
      </div>
    </Box>
  );
}
