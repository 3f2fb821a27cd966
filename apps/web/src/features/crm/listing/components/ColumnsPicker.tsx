import { Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns, IconGripVertical } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { UiField } from '../../shared/fields.ts';

function SortableColumn({ field, onRemove }: { field: UiField; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.name });
  return (
    <Group
      ref={setNodeRef}
      gap="xs"
      wrap="nowrap"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        background: 'var(--mantine-color-white)',
      }}
    >
      <span
        {...attributes}
        {...listeners}
        aria-label={`Move ${field.label}`}
        style={{
          cursor: 'grab',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 24,
          height: 24,
        }}
      >
        <IconGripVertical size={14} color="var(--mantine-color-gray-6)" />
      </span>
      <Checkbox size="sm" checked onChange={onRemove} label={field.label} />
    </Group>
  );
}

type ColumnsPickerProps = { fields: UiField[]; columns: string[]; onChange: (columns: string[]) => void };

/** Which columns the list shows and in what order (drag, or Space and arrow keys on the handle). */
export function ColumnsPicker({ fields, columns, onChange }: ColumnsPickerProps) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const chosen = columns
    .map((name) => fields.find((field) => field.name === name))
    .filter((field): field is UiField => !!field);
  const others = fields.filter((field) => !columns.includes(field.name));
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(columns, columns.indexOf(String(active.id)), columns.indexOf(String(over.id))));
  };
  return (
    <Popover position="bottom-end" shadow="md" width={280} trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={380}>
          <Stack gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Shown, in order
            </Text>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
              <SortableContext items={columns} strategy={verticalListSortingStrategy}>
                {chosen.map((field) => (
                  <SortableColumn
                    key={field.name}
                    field={field}
                    onRemove={() => columns.length > 1 && onChange(columns.filter((name) => name !== field.name))}
                  />
                ))}
              </SortableContext>
            </DndContext>
            {others.length > 0 && (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm">
                More fields
              </Text>
            )}
            {others.map((field) => (
              <Checkbox
                key={field.name}
                size="sm"
                ml={34}
                checked={false}
                label={field.label}
                onChange={() => onChange([...columns, field.name])}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
