import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { PERMISSIONS, type RoleRecord } from '@tradeloop/contracts/accounts-roles';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { TeamPageLinks } from '../components/TeamPageLinks.tsx';
import { useRoles } from '../api/roles.ts';
import { DeleteRoleModal } from '../components/DeleteRoleModal.tsx';
import { RoleEditorModal } from '../components/RoleEditorModal.tsx';

type Dialog = { kind: 'edit'; role: RoleRecord | null } | { kind: 'delete'; role: RoleRecord } | null;

/** The roles and permissions page (spec section 2; decision 038): the company's roles, made and changed here. */
export function RolesPage() {
  useDocumentTitle('Roles and permissions · TradeLoop');
  const list = useRoles();
  const [dialog, setDialog] = useState<Dialog>(null);
  const roles = list.data?.roles ?? [];
  const groups = list.data?.groups ?? [];

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={1} size="h2">
              Roles and permissions
            </Title>
            <Text c="dimmed" size="sm">
              A role says what a team member may do. Changes apply to their next action.
            </Text>
          </div>
          <Group>
            <TeamPageLinks current={PATHS.roles} />
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!list.data}
              onClick={() => setDialog({ kind: 'edit', role: null })}
            >
              New role
            </Button>
          </Group>
        </Group>
        <Card>
          {list.isPending ? (
            <Stack role="status" aria-label="Loading roles">
              <Skeleton height={24} />
              <Skeleton height={24} />
              <Skeleton height={24} />
            </Stack>
          ) : list.isError ? (
            <ErrorState
              title="We could not load your roles"
              message={list.error.message}
              onRetry={() => void list.refetch()}
            />
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Team members</Table.Th>
                    <Table.Th>Permissions</Table.Th>
                    <Table.Th ta="right">Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {roles.map((role) => (
                    <Table.Tr key={role.id}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text fw={600} size="sm">
                            {role.name}
                          </Text>
                          {role.locked ? (
                            <Badge variant="light" color="gray">
                              Locked
                            </Badge>
                          ) : role.key !== null ? (
                            <Badge variant="light" color="brand">
                              Seeded
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{role.users}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {role.permissions.length === PERMISSIONS.length
                            ? 'Everything'
                            : `${role.permissions.length} of ${PERMISSIONS.length}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={role.locked ? `View ${role.name}` : `Edit ${role.name}`}>
                            <ActionIcon
                              variant="subtle"
                              size="lg"
                              aria-label={role.locked ? `View ${role.name}` : `Edit ${role.name}`}
                              onClick={() => setDialog({ kind: 'edit', role })}
                            >
                              {role.locked ? <IconEye size={18} /> : <IconPencil size={18} />}
                            </ActionIcon>
                          </Tooltip>
                          {!role.locked && (
                            <Tooltip label={`Delete ${role.name}`}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="lg"
                                aria-label={`Delete ${role.name}`}
                                onClick={() => setDialog({ kind: 'delete', role })}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      {dialog?.kind === 'edit' && (
        <RoleEditorModal role={dialog.role} groups={groups} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteRoleModal role={dialog.role} roles={roles} onClose={() => setDialog(null)} />
      )}
    </Container>
  );
}
