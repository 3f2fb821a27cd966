import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@tradeloop/contracts/common-constants';
import { useInBrowser } from '../lib/client.ts';
import { theme } from './theme.ts';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * Toasts show once the page runs: their code (and its transitions) loads after the first render,
 * so a page rendered on the server hydrates without it. A toast raised before waits in the store.
 */
function Toasts() {
  if (!useInBrowser()) return null;
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
