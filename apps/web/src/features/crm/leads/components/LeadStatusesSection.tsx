import { useState } from 'react';
import { Badge, Button, ColorSwatch, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { LeadStatus } from '@tradeloop/contracts/crm/leads';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { useLeadStatuses, useReorderStatuses } from '../api/statuses.ts';
import { DeleteStatusModal } from './DeleteStatusModal.tsx';
import { moved, OrderedRow, SectionCard } from './SettingsParts.tsx';
import { StatusFormModal } from './StatusFormModal.tsx';
import { statusColour } from './StatusSelect.tsx';

/** The company's lead statuses in order: add, rename, colour, flag, reorder and delete (the owner only). */
export function LeadStatusesSection({ canEdit }: { canEdit: boolean }) {
  const statuses = useLeadStatuses();
  const reorder = useReorderStatuses();
  const [editing, setEditing] = useState<LeadStatus | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<LeadStatus | null>(null);

  const openForm = (status: LeadStatus | null) => {
    setEditing(status);
    setFormOpen(true);
  };

  let body;
  if (statuses.isPending)
    body = (
      <Stack gap="xs">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={40} />
        ))}
      </Stack>
    );
  else if (statuses.isError) body = <ErrorState onRetry={() => statuses.refetch()} />;
  else {
    const list = statuses.data;
    const ids = list.map((status) => status.id);
    body = (
      <Stack gap={0} data-testid="lead-statuses">
        {list.map((status, index) => (
          <OrderedRow
            key={status.id}
            name={status.name}
            index={index}
            count={list.length}
            editable={canEdit}
            busy={reorder.isPending}
            onMove={(step) => reorder.mutate(moved(ids, index, step))}
            onEdit={() => openForm(status)}
            onDelete={() => setDeleting(status)}
            deleteDisabled={list.length === 1}
            aside={
              <Text size="sm" c="dimmed">
                {status.lead_count === 1 ? '1 lead' : `${status.lead_count} leads`}
              </Text>
            }
          >
            <ColorSwatch color={statusColour(status.colour)} size={14} />
            <Text fw={500} truncate>
              {status.name}
            </Text>
            {status.is_converted && (
              <Badge color="green" variant="light" size="sm">
                Converted
              </Badge>
            )}
            {status.is_lost && (
              <Badge color="red" variant="light" size="sm">
                Lost
              </Badge>
            )}
          </OrderedRow>
        ))}
      </Stack>
    );
  }

  return (
    <SectionCard
      title="Lead statuses"
      description="Leads move through these statuses in this order; boards, filters and the lead page use them. A status can count as converted or as lost."
      action={
        canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            Add status
          </Button>
        )
      }
      readOnlyNote={
        canEdit ? undefined : 'Your role does not include CRM settings: ask your account owner to change the statuses.'
      }
    >
      {body}
      <StatusFormModal opened={formOpen} onClose={() => setFormOpen(false)} editing={editing} />
      <DeleteStatusModal status={deleting} statuses={statuses.data ?? []} onClose={() => setDeleting(null)} />
    </SectionCard>
  );
}
