import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { LeadStatus } from '@tradeloop/contracts/crm/leads';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteStatus } from '../api/statuses.ts';

type DeleteStatusModalProps = { status: LeadStatus | null; statuses: LeadStatus[]; onClose: () => void };

/** Deleting a status: leads holding it move to another status first. */
export function DeleteStatusModal({ status, statuses, onClose }: DeleteStatusModalProps) {
  if (!status) return null;
  return <DeleteStatus key={status.id} status={status} statuses={statuses} onClose={onClose} />;
}

function DeleteStatus({ status, statuses, onClose }: DeleteStatusModalProps & { status: LeadStatus }) {
  const remove = useDeleteStatus();
  const [replacement, setReplacement] = useState<string | null>(null);
  const others = statuses.filter((candidate) => candidate.id !== status.id);
  const needsReplacement = status.lead_count > 0;

  const handleDelete = () =>
    remove.mutate(
      { id: status.id, replacementId: replacement ? Number(replacement) : undefined },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Status deleted');
          onClose();
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Delete “${status.name}”?`}>
      <Stack>
        {needsReplacement ? (
          <>
            <Text size="sm">
              {status.lead_count === 1 ? 'One lead has' : `${status.lead_count} leads have`} this status. Choose where{' '}
              {status.lead_count === 1 ? 'it goes' : 'they go'}; each lead’s history will show the move.
            </Text>
            <Select
              label="Move the leads to"
              placeholder="Choose a status"
              data={others.map((other) => ({ value: String(other.id), label: other.name }))}
              value={replacement}
              onChange={setReplacement}
              allowDeselect={false}
              data-autofocus
            />
          </>
        ) : (
          <Text size="sm">No lead has this status. It leaves the list and the lead form.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={needsReplacement && !replacement}
            onClick={handleDelete}
          >
            Delete status
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
