import { Card, Text } from '@mantine/core';

/** One labelled number of the engagement tab and the report. */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  );
}
