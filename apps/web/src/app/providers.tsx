import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@tradeloop/contracts/common-constants';
import { useInBrowser } from '../lib/client.ts';
import { theme } from './theme.ts';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * Toasts show once the page runs and has something to say: their code (and its transitions) loads
 * and mounts with the first toast, not while a page starts (decision 029). A toast raised before
 * waits in the store.
 */
function Toasts() {
  const inBrowser = useInBrowser();
  const [needed, setNeeded] = useState(false);
  const { notifications, queue } = useNotifications();
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!inBrowser || !needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TIMINGS.toastAutoCloseMs} limit={4} zIndex={1000} />
    </Suspense>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Toasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
