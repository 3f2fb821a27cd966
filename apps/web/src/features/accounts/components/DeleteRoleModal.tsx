import { useState } from 'react';
import { Modal, Select, Stack, Text, Title } from '@mantine/core';
import { ROLE_MESSAGES, type RoleRecord } from '@tradeloop/contracts/accounts-roles';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { apiFailure } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteRole } from '../api/roles.ts';

type DeleteRoleModalProps = { role: RoleRecord; roles: RoleRecord[]; onClose: () => void };

/** Deletes a role; a role in use first names the role its users get ("move its users to"). */
export function DeleteRoleModal({ role, roles, onClose }: DeleteRoleModalProps) {
  const remove = useDeleteRole();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failure = apiFailure(remove.error);
  const inUse = role.users > 0;
  const targets = roles.filter((candidate) => !candidate.locked && candidate.id !== role.id);

  const handleDelete = () => {
    if (inUse && moveTo === null) {
      setError(ROLE_MESSAGES.moveToInvalid);
      return;
    }
    setError(null);
    remove.mutate(
      { id: role.id, moveTo: inUse && moveTo !== null ? Number(moveTo) : null },
      {
        onSuccess: (result) => {
          if (result.message) notifySuccess(result.message, { autoClose: 4000 });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        <Title order={2} size="h4">
          Delete {role.name}
        </Title>
      }
    >
      <Stack>
        <FormAlert message={failure.fields.id ?? failure.message} />
        {inUse ? (
          <>
            <Text size="sm">
              {role.users === 1 ? 'One team member holds' : `${role.users} team members hold`} this role. Choose the
              role they get instead; it applies to their next action, without signing them out.
            </Text>
            <Select
              label="Move its users to"
              withAsterisk
              placeholder="Choose a role"
              data={targets.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
              value={moveTo}
              onChange={(next) => {
                setMoveTo(next);
                setError(null);
              }}
              error={error ?? failure.fields.move_to}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        ) : (
          <Text size="sm">Nobody holds this role. It is deleted for good.</Text>
        )}
        <ModalActions
          onCancel={onClose}
          submitLabel="Delete role"
          onSubmit={handleDelete}
          loading={remove.isPending}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
