import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-area loading state (spec section 9: loader spinner default 80 by 80). */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size={80} type="dots" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
