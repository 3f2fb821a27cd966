import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  color?: string;
};

/** An empty or failed area that says what happened and what to do next. */
export function EmptyState({ icon, title, description, action, color = 'brand' }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {description}
      </Text>
      {action}
    </Stack>
  );
}
