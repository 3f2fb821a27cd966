import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TIMINGS } from '@tradeloop/contracts/common';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={TIMINGS.toastAutoCloseMs} limit={4} zIndex={1000} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
