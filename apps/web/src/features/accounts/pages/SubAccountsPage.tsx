import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Modal,
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
import { subAccountInviteBodySchema } from '@tradeloop/contracts/accounts-subaccounts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { apiFailure, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useDeleteSubAccounts, useInviteSubAccount, useSubAccounts } from '../api/sub-accounts.ts';

const validate = zodFormValidator(subAccountInviteBodySchema);

function InviteModal({ onClose }: { onClose: () => void }) {
  const invite = useInviteSubAccount();
  const [values, setValues] = useState({ full_name: '', email_id: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const failure = apiFailure(invite.error);
  const fieldError = (field: 'full_name' | 'email_id') => errors[field] ?? failure.fields[field];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    invite.mutate(values, {
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
          <ModalActions onCancel={onClose} submitLabel="Send invitation" loading={invite.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Sub-account management (spec section 2): invite, list, delete one or several team members. */
export function SubAccountsPage() {
  useDocumentTitle('Team members · TradeLoop');
  const list = useSubAccounts();
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
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={selected.length === 0}
              onClick={() => setConfirming(true)}
            >
              Delete selected
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
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
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <VisuallyHidden>Select</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
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
      {inviting && <InviteModal onClose={() => setInviting(false)} />}
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
