import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import {
  ROLE_LIMITS,
  ROLE_MESSAGES,
  roleBodySchema,
  type Permission,
  type RoleRecord,
} from '@tradeloop/contracts/accounts-roles';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { apiFailure, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useSaveRole, type RolesList } from '../api/roles.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';

const validate = zodFormValidator(roleBodySchema);

type RoleEditorModalProps = {
  /** The role edited, or null for a new one. */
  role: RoleRecord | null;
  groups: RolesList['groups'];
  onClose: () => void;
};

/** Creates a role or edits one: its name and its permissions. The owner role is only shown. */
export function RoleEditorModal({ role, groups, onClose }: RoleEditorModalProps) {
  const save = useSaveRole();
  const can = useCan();
  const locked = role?.locked ?? false;
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);
  const [errors, setErrors] = useState<FormErrors>({});
  const failure = apiFailure(save.error);
  const nameError = errors.name ?? failure.fields.name;
  const permissionsError = errors.permissions ?? failure.fields.permissions;
  const otherError = failure.fields.id ?? failure.message;
  const title = role === null ? 'New role' : locked ? role.name : `Edit ${role.name}`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, permissions };
    const found = validate(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: role?.id ?? null, body: { name: name.trim(), permissions } },
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
      size="xl"
      title={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label={role === null ? 'New role' : `Role ${role.name}`}>
        <Stack>
          {locked && <FormAlert tone="success" message={ROLE_MESSAGES.ownerLocked} />}
          <FormAlert message={otherError} />
          <TextInput
            label="Role name"
            withAsterisk={!locked}
            readOnly={locked}
            autoComplete="off"
            maxLength={ROLE_LIMITS.nameMax}
            value={name}
            error={nameError}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <div>
            <Text fw={600} size="sm" mb={4}>
              Permissions
            </Text>
            <PermissionMatrix
              groups={groups}
              value={permissions}
              onChange={(next) => {
                setPermissions(next);
                if (errors.permissions) setErrors({ ...errors, permissions: undefined });
              }}
              readOnly={locked}
              grantable={can}
            />
            {permissionsError && (
              <Text c="red" size="sm" mt="xs" role="alert">
                {permissionsError}
              </Text>
            )}
          </div>
          {locked ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          ) : (
            <ModalActions
              onCancel={onClose}
              submitLabel={role === null ? 'Create role' : 'Save role'}
              loading={save.isPending}
            />
          )}
        </Stack>
      </form>
    </Modal>
  );
}
