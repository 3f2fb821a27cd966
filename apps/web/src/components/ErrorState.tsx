import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { EmptyState } from './EmptyState.tsx';

type ErrorStateProps = { title?: string; message?: string; onRetry?: () => void };

/** A failed fetch: what went wrong, and a way to try again. */
export function ErrorState({
  title = 'We could not load this',
  message = 'Check your connection and try again.',
  onRetry,
}: ErrorStateProps) {
  return (
    <EmptyState
      color="red"
      icon={<IconAlertTriangle size={32} />}
      title={title}
      description={message}
      action={
        onRetry && (
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        )
      }
    />
  );
}
