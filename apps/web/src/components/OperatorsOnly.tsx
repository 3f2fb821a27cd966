import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';

/** What an operator's page shows anyone else who opens its address (the server refuses them too). */
export function OperatorsOnly({ icon }: { icon: ReactNode }) {
  return (
    <EmptyState
      icon={icon}
      color="red"
      title="Platform operators only"
      description="This page is for TradeLoop's platform operators."
    />
  );
}
