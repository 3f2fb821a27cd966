import { Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CrmRecord } from '@tradeloop/contracts/crm/records';
import type { LeadStatus } from '@tradeloop/contracts/crm/leads';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCrmUsers } from '../../shared/api/get-users.ts';
import type { DetailTabProps } from '../../shared/detail-tabs.ts';
import { useAssignLead, useSetLeadStatus } from '../api/lead-actions.ts';
import { useLeadStatuses } from '../api/statuses.ts';
import { StatusSelect } from './StatusSelect.tsx';

/** The lead page's side panel: where the lead stands and who works on it. Leads only. */
export function LeadStatusPanel({ typeId, record }: DetailTabProps) {
  if (typeId !== 1) return null;
  return <LeadStatusCard record={record} />;
}

function LeadStatusCard({ record }: { record: CrmRecord }) {
  const statuses = useLeadStatuses();
  const users = useCrmUsers();
  const setStatus = useSetLeadStatus();
  const assign = useAssignLead();
  const readOnly = Boolean(record.deleted_at);
  const status = typeof record.values.lead_status === 'string' ? record.values.lead_status : null;

  const handleStatus = (chosen: LeadStatus) =>
    setStatus.mutate(
      { leadId: record.id, statusId: chosen.id },
      { onSuccess: (result) => notifySuccess(result.message ?? `Status: ${chosen.name}`) },
    );
  const handleOwner = (value: string | null) => {
    if (!value || Number(value) === record.owner?.id) return;
    assign.mutate(
      { leadId: record.id, userId: Number(value) },
      { onSuccess: (result) => notifySuccess(result.message ?? 'Lead assigned') },
    );
  };

  return (
    <Card>
      <Title order={3} size="h5" mb="sm">
        Status and owner
      </Title>
      <Stack gap="sm">
        {statuses.isPending ? (
          <Skeleton h={36} />
        ) : statuses.isError ? (
          <Text size="sm" c="red">
            The statuses could not be loaded.
          </Text>
        ) : (
          <StatusSelect
            label="Lead status"
            statuses={statuses.data}
            value={status}
            onChange={handleStatus}
            disabled={readOnly || setStatus.isPending}
            data-testid="lead-status-select"
          />
        )}
        <Select
          label="Owner"
          data-testid="lead-owner-select"
          data={(users.data ?? []).map((user) => ({
            value: String(user.id),
            label: user.user_type === 'subuser' ? `${user.full_name} (sub-user)` : user.full_name,
          }))}
          value={record.owner ? String(record.owner.id) : null}
          placeholder={users.isPending ? 'Loading people…' : 'Nobody yet'}
          onChange={handleOwner}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Nobody by that name"
          disabled={readOnly || assign.isPending || users.isPending}
        />
      </Stack>
    </Card>
  );
}
