import { Badge } from '@mantine/core';
import type { RunStatus } from '@tradeloop/contracts/crm/automation';

const LOOKS: Record<RunStatus, { label: string; color: string }> = {
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
  stopped: { label: 'Stopped', color: 'orange' },
};

/** A run's outcome: done, failed, skipped (conditions not met) or stopped (the depth bound). */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge size="sm" variant="light" color={LOOKS[status].color}>
      {LOOKS[status].label}
    </Badge>
  );
}
