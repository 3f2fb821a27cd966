import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

/** One titled part of the product editor; its id is the target of the editor's section links. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} component="section" aria-labelledby={`${id}-title`} p="lg" style={{ scrollMarginTop: 80 }}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** A message of the form that belongs to a whole group of inputs (not one input). */
export function GroupError({ message }: { message?: ReactNode }) {
  if (!message) return null;
  return (
    <Text c="red" size="sm" role="alert" data-field-error>
      {message}
    </Text>
  );
}
