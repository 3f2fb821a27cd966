import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDots, IconGripVertical, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  closestCorners,
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
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  rectSortingStrategy,
  arrayMove,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from '@tradeloop/contracts/crm/records';
import { locate, moveField, newField, type Draft, type DraftField, type DraftSection } from '../draft.ts';

type DragData =
  | { kind: 'field'; key: string }
  | { kind: 'section'; key: string }
  | { kind: 'palette'; type: FieldType }
  | { kind: 'drop'; section: number }
  | { kind: 'unused' };

function FieldChip({
  field,
  sections,
  onEdit,
  onMove,
  onRemove,
}: {
  field: DraftField;
  sections: DraftSection[];
  onEdit: () => void;
  onMove: (section: number) => void;
  onRemove?: () => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between" px="xs" py={6} className="tl-builder-field">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {field.label}
          </Text>
          {field.is_required && (
            <Text c="red" fw={700} size="sm" aria-label="required">
              *
            </Text>
          )}
          {field.is_system && (
            <IconLock size={12} color="var(--mantine-color-gray-6)" aria-label="needed by every record" />
          )}
        </Group>
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            {FIELD_TYPE_LABELS[field.field_type]}
          </Text>
          {field.unique && (
            <Badge size="xs" variant="light" color="grape">
              unique
            </Badge>
          )}
        </Group>
      </Stack>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Actions for ${field.label}`}
            onPointerDown={(event) => event.stopPropagation()}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onEdit}>Edit…</Menu.Item>
          <Menu.Label>Move to section</Menu.Label>
          {sections.map((section, index) => (
            <Menu.Item key={section.key} onClick={() => onMove(index)}>
              {section.name}
            </Menu.Item>
          ))}
          {onRemove && (
            <Menu.Item color="red" onClick={onRemove}>
              Take off the form
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function SortableField(props: {
  field: DraftField;
  sections: DraftSection[];
  onEdit: () => void;
  onMove: (section: number) => void;
  onRemove?: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.field.key,
    data: { kind: 'field', key: props.field.key } satisfies DragData,
  });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
    >
      <Group gap={4} wrap="nowrap">
        <span
          {...attributes}
          {...listeners}
          aria-label={`Move ${props.field.label}`}
          style={{ cursor: 'grab', display: 'flex', touchAction: 'none' }}
        >
          <IconGripVertical size={16} color="var(--mantine-color-gray-5)" />
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <FieldChip {...props} />
        </div>
      </Group>
    </div>
  );
}

type SectionProps = {
  section: DraftSection;
  index: number;
  sections: DraftSection[];
  onChange: (section: DraftSection) => void;
  onDelete: () => void;
  onEditField: (field: DraftField) => void;
  onMoveField: (key: string, section: number) => void;
  onAddField: () => void;
};

function SectionCard({
  section,
  index,
  sections,
  onChange,
  onDelete,
  onEditField,
  onMoveField,
  onAddField,
}: SectionProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: section.key,
    data: { kind: 'section', key: section.key } satisfies DragData,
  });
  const { setNodeRef: setDropRef, isOver } = useDroppable({
    id: `drop:${section.key}`,
    data: { kind: 'drop', section: index } satisfies DragData,
  });
  const locked = section.fields.some((field) => field.is_system);
  return (
    <Card
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      padding="md"
    >
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ flex: 1 }}>
          <span
            {...attributes}
            {...listeners}
            aria-label={`Move section ${section.name}`}
            style={{ cursor: 'grab', display: 'flex', touchAction: 'none' }}
          >
            <IconGripVertical size={18} color="var(--mantine-color-gray-6)" />
          </span>
          <TextInput
            aria-label="Section name"
            value={section.name}
            onChange={(event) => onChange({ ...section, name: event.currentTarget.value })}
            variant="unstyled"
            fw={700}
            style={{ flex: 1 }}
            styles={{ input: { fontWeight: 700, fontSize: 16 } }}
          />
        </Group>
        <SegmentedControl
          size="xs"
          value={section.tab_columns}
          onChange={(value) => onChange({ ...section, tab_columns: value as DraftSection['tab_columns'] })}
          data={[
            { value: 'single', label: '1 column' },
            { value: 'multi', label: '2 columns' },
          ]}
        />
        <Tooltip label={locked ? 'Move its locked fields out first' : 'Delete section'}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete section ${section.name}`}
            onClick={onDelete}
            disabled={locked || sections.length <= 1}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <div
        ref={setDropRef}
        className="tl-builder-section"
        data-over={isOver || undefined}
        style={{ borderRadius: 8, minHeight: 56, padding: 4 }}
      >
        <SortableContext
          items={section.fields.map((field) => field.key)}
          strategy={section.tab_columns === 'multi' ? rectSortingStrategy : verticalListSortingStrategy}
        >
          <SimpleGrid cols={{ base: 1, sm: section.tab_columns === 'multi' ? 2 : 1 }} spacing="xs" verticalSpacing="xs">
            {section.fields.map((field) => (
              <SortableField
                key={field.key}
                field={field}
                sections={sections}
                onEdit={() => onEditField(field)}
                onMove={(target) => onMoveField(field.key, target)}
                onRemove={field.is_system ? undefined : () => onMoveField(field.key, -1)}
              />
            ))}
          </SimpleGrid>
        </SortableContext>
        {section.fields.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            Drag fields here
          </Text>
        )}
      </div>
      <Button variant="subtle" size="xs" mt="xs" leftSection={<IconPlus size={14} />} onClick={onAddField}>
        Add field
      </Button>
    </Card>
  );
}

function PaletteItem({ type, onAdd }: { type: FieldType; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `palette:${type}`,
    data: { kind: 'palette', type } satisfies DragData,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      px="xs"
      py={6}
      radius="md"
      {...listeners}
      {...attributes}
      style={{ cursor: 'grab', touchAction: 'none' }}
      aria-label={`${FIELD_TYPE_LABELS[type]}: drag into a section, or press Enter to add to the first section`}
      onKeyDown={(event) => event.key === 'Enter' && onAdd()}
    >
      <Group gap={6} wrap="nowrap">
        <IconGripVertical size={14} color="var(--mantine-color-gray-5)" />
        <Text size="sm">{FIELD_TYPE_LABELS[type]}</Text>
      </Group>
    </Paper>
  );
}

function UnusedField({
  field,
  sections,
  onMove,
}: {
  field: DraftField;
  sections: DraftSection[];
  onMove: (section: number) => void;
}) {
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: field.key,
    data: { kind: 'field', key: field.key } satisfies DragData,
  });
  return (
    <div ref={setNodeRef} {...listeners} {...attributes} style={{ cursor: 'grab', touchAction: 'none' }}>
      <FieldChip field={field} sections={sections} onEdit={() => undefined} onMove={onMove} />
    </div>
  );
}

type CanvasProps = {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onEditField: (field: DraftField) => void;
  onDeleteSection: (section: DraftSection) => void;
};

/** Sections and fields ordered by dragging (or the keyboard: Space on a handle, then arrows). */
export function FormCanvas({ draft, onChange, onEditField, onDeleteSection }: CanvasProps) {
  const [active, setActive] = useState<DragData | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { setNodeRef: setUnusedRef, isOver: overUnused } = useDroppable({
    id: 'unused',
    data: { kind: 'unused' } satisfies DragData,
  });

  const addNew = (type: FieldType, section: number, index?: number) => {
    const field = newField(type, `New ${FIELD_TYPE_LABELS[type].toLowerCase()} field`);
    const sections = draft.sections.map((item, at) => {
      if (at !== section) return item;
      const fields = [...item.fields];
      fields.splice(index ?? fields.length, 0, field);
      return { ...item, fields };
    });
    onChange({ ...draft, sections });
    onEditField(field);
  };

  const handleDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const from = event.active.data.current as DragData | undefined;
    const to = event.over?.data.current as DragData | undefined;
    if (!from || !to) return;
    if (from.kind === 'section' && to.kind === 'section') {
      const keys = draft.sections.map((section) => section.key);
      onChange({ ...draft, sections: arrayMove(draft.sections, keys.indexOf(from.key), keys.indexOf(to.key)) });
      return;
    }
    const target =
      to.kind === 'field'
        ? locate(draft, to.key)
        : to.kind === 'drop'
          ? { section: to.section, index: undefined }
          : to.kind === 'unused'
            ? { section: -1, index: undefined }
            : null;
    if (!target) return;
    if (from.kind === 'palette' && target.section >= 0) return addNew(from.type, target.section, target.index);
    if (from.kind === 'field') {
      const field = locate(draft, from.key);
      const moving =
        field && (field.section === -1 ? draft.unused[field.index] : draft.sections[field.section].fields[field.index]);
      if (target.section === -1 && moving?.is_system) return;
      onChange(moveField(draft, from.key, target.section, target.index));
    }
  };

  const updateSection = (index: number, section: DraftSection) =>
    onChange({ ...draft, sections: draft.sections.map((item, at) => (at === index ? section : item)) });

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={(event: DragStartEvent) => setActive(event.active.data.current as DragData)}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <SimpleGrid cols={{ base: 1, md: 4 }} spacing="md">
        <Stack gap="md" style={{ gridColumn: 'span 3' }}>
          <SortableContext items={draft.sections.map((section) => section.key)} strategy={verticalListSortingStrategy}>
            {draft.sections.map((section, index) => (
              <SectionCard
                key={section.key}
                section={section}
                index={index}
                sections={draft.sections}
                onChange={(next) => updateSection(index, next)}
                onDelete={() => onDeleteSection(section)}
                onEditField={onEditField}
                onMoveField={(key, target) => onChange(moveField(draft, key, target))}
                onAddField={() => addNew('text', index)}
              />
            ))}
          </SortableContext>
        </Stack>
        <Stack gap="md">
          <Card padding="md">
            <Text fw={700} size="sm" mb="xs">
              Field types
            </Text>
            <Stack gap={6}>
              {FIELD_TYPES.map((type) => (
                <PaletteItem key={type} type={type} onAdd={() => addNew(type, 0)} />
              ))}
            </Stack>
          </Card>
          <Card padding="md" ref={setUnusedRef} className="tl-builder-section" data-over={overUnused || undefined}>
            <Text fw={700} size="sm">
              Unused fields
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              Taken off the form; their values are kept. Drag one back to use it again.
            </Text>
            <Stack gap={6}>
              {draft.unused.length === 0 && (
                <Text size="xs" c="dimmed">
                  None
                </Text>
              )}
              {draft.unused.map((field) => (
                <UnusedField
                  key={field.key}
                  field={field}
                  sections={draft.sections}
                  onMove={(target) => onChange(moveField(draft, field.key, target))}
                />
              ))}
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
      <DragOverlay>
        {active?.kind === 'palette' && (
          <Paper withBorder px="xs" py={6} shadow="md">
            <Text size="sm">{FIELD_TYPE_LABELS[active.type]}</Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}
