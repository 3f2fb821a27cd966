import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { FormErrors } from '@mantine/form';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { DEFAULT_SUB_ACCOUNT_ROLE, type RoleRecord } from '@tradeloop/contracts/accounts-roles';
import { subAccountInviteBodySchema, type SubAccount } from '@tradeloop/contracts/accounts-subaccounts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { apiFailure, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { TeamPageLinks } from '../components/TeamPageLinks.tsx';
import { useChangeSubAccountRole, useRoles } from '../api/roles.ts';
import { useDeleteSubAccounts, useInviteSubAccount, useSubAccounts } from '../api/sub-accounts.ts';

const validate = zodFormValidator(subAccountInviteBodySchema);

/** The roles a team member may hold: every role but the owner's. */
const roleOptions = (roles: RoleRecord[]) =>
  roles.filter((role) => !role.locked).map((role) => ({ value: String(role.id), label: role.name }));

function InviteModal({ roles, onClose }: { roles: RoleRecord[]; onClose: () => void }) {
  const invite = useInviteSubAccount();
  const defaultRole = roles.find((role) => role.key === DEFAULT_SUB_ACCOUNT_ROLE);
  const [values, setValues] = useState({
    full_name: '',
    email_id: '',
    role_id: defaultRole ? String(defaultRole.id) : null,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const failure = apiFailure(invite.error);
  const fieldError = (field: 'full_name' | 'email_id' | 'role_id') => errors[field] ?? failure.fields[field];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      full_name: values.full_name,
      email_id: values.email_id,
      ...(values.role_id === null ? {} : { role_id: Number(values.role_id) }),
    };
    const found = validate(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    invite.mutate(body, {
      onSuccess: (result) => {
        if (result.message) notifySuccess(result.message, { autoClose: 4000 });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        <Title order={2} size="h4">
          Invite a team member
        </Title>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Invitation">
        <Stack>
          <Text size="sm">They get an e-mail with a link to set their password, and work in your CRM.</Text>
          <FormAlert message={failure.message} />
          <TextInput
            label="Full name"
            withAsterisk
            autoComplete="off"
            value={values.full_name}
            error={fieldError('full_name')}
            onChange={(event) => setValues({ ...values, full_name: event.currentTarget.value })}
            data-autofocus
          />
          <TextInput
            label="Work e-mail"
            type="email"
            withAsterisk
            autoComplete="off"
            value={values.email_id}
            error={fieldError('email_id')}
            onChange={(event) => setValues({ ...values, email_id: event.currentTarget.value })}
          />
          <Select
            label="Role"
            description="What they may do. Roles are set on the roles and permissions page."
            data={roleOptions(roles)}
            value={values.role_id}
            allowDeselect={false}
            error={fieldError('role_id')}
            onChange={(next) => setValues({ ...values, role_id: next })}
          />
          <ModalActions onCancel={onClose} submitLabel="Send invitation" loading={invite.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A team member's role, changed in place (POST sub_account/role). */
function RoleSelect({ member, roles }: { member: SubAccount; roles: RoleRecord[] }) {
  const change = useChangeSubAccountRole();
  return (
    <Select
      aria-label={`Role of ${member.full_name}`}
      size="xs"
      w={200}
      data={roleOptions(roles)}
      value={member.role_id === null ? null : String(member.role_id)}
      placeholder={member.role}
      allowDeselect={false}
      disabled={change.isPending}
      onChange={(next) => {
        if (next === null || Number(next) === member.role_id) return;
        change.mutate(
          { user_id: member.id, role_id: Number(next) },
          {
            onSuccess: (result) => {
              if (result.message) notifySuccess(result.message, { autoClose: 4000 });
            },
          },
        );
      }}
    />
  );
}

/** Sub-account management (spec section 2): invite, list, delete one or several team members, give each a role. */
export function SubAccountsPage() {
  useDocumentTitle('Team members · TradeLoop');
  const list = useSubAccounts();
  const rolesList = useRoles();
  const roles = rolesList.data?.roles ?? [];
  const remove = useDeleteSubAccounts();
  const [inviting, setInviting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const rows = list.data ?? [];

  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));

  const handleDelete = () =>
    remove.mutate(selected, {
      onSuccess: (result) => {
        if (result.message) notifySuccess(result.message, { autoClose: 4000 });
        setSelected([]);
        setConfirming(false);
      },
    });

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Team members
          </Title>
          <Group>
            <TeamPageLinks current={PATHS.subAccounts} />
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={selected.length === 0}
              onClick={() => setConfirming(true)}
            >
              Delete selected
            </Button>
            <Button
              leftSection={<IconUserPlus size={16} />}
              disabled={!rolesList.data && !rolesList.isError}
              onClick={() => setInviting(true)}
            >
              Invite a team member
            </Button>
          </Group>
        </Group>
        <Card>
          {list.isPending ? (
            <Stack role="status" aria-label="Loading team members">
              <Skeleton height={24} />
              <Skeleton height={24} />
            </Stack>
          ) : list.isError ? (
            <ErrorState
              title="We could not load your team"
              message={list.error.message}
              onRetry={() => void list.refetch()}
            />
          ) : rows.length === 0 ? (
            <Text c="dimmed">No team members yet. Invite a colleague to work in your CRM.</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <VisuallyHidden>Select</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${row.full_name}`}
                          checked={selected.includes(row.id)}
                          onChange={() => toggle(row.id)}
                        />
                      </Table.Td>
                      <Table.Td>{row.full_name}</Table.Td>
                      <Table.Td>{row.email_id}</Table.Td>
                      <Table.Td>
                        {roles.length > 0 ? (
                          <RoleSelect member={row} roles={roles} />
                        ) : (
                          <Text size="sm">{row.role}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={row.status === 'active' ? 'teal' : 'gray'}>
                          {row.status === 'active' ? 'Active' : 'Invited'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      {inviting && <InviteModal roles={roles} onClose={() => setInviting(false)} />}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        centered
        title={
          <Title order={2} size="h4">
            Delete team members
          </Title>
        }
      >
        <Stack>
          <Text size="sm">
            {selected.length === 1 ? 'This team member is' : `These ${selected.length} team members are`} signed out at
            once and can no longer sign in.
          </Text>
          <ModalActions
            onCancel={() => setConfirming(false)}
            submitLabel="Delete"
            onSubmit={handleDelete}
            loading={remove.isPending}
            color="red"
          />
        </Stack>
      </Modal>
    </Container>
  );
}
