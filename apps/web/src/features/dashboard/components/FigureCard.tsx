import type { ReactNode } from 'react';
import { Card, Text } from '@mantine/core';

type FigureCardProps = { label: string; value: string; total?: string; note?: ReactNode };

/** One figure of a dashboard: its label, value and, when given, the all-time total. */
export function FigureCard({ label, value, total, note }: FigureCardProps) {
  return (
    <Card padding="md" withBorder>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={800} fz={26} mt={4} data-testid={`figure-${label}`}>
        {value}
      </Text>
      {total !== undefined && (
        <Text size="xs" c="dimmed">
          {total} all time
        </Text>
      )}
      {note}
    </Card>
  );
}
