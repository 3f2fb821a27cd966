import { Checkbox, Fieldset, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { RECORD_ACTIONS, RECORD_PERMISSION_TYPES, type Permission } from '@tradeloop/contracts/accounts-roles';
import type { RolesList } from '../api/roles.ts';
import { togglePermission } from '../role-permissions.ts';

type Group = RolesList['groups'][number];

type PermissionMatrixProps = {
  groups: Group[];
  value: Permission[];
  onChange: (next: Permission[]) => void;
  /** The owner role: shown, not changed. */
  readOnly?: boolean;
  /** Whether the editor may grant a permission (no one grants what their own role lacks). */
  grantable: (permission: Permission) => boolean;
};

const isRecordGroup = (group: Group) =>
  (RECORD_PERMISSION_TYPES as readonly string[]).some((type) => group.key === `crm.${type}`);

/**
 * A role's permissions (decision 038), grouped as PERMISSION_GROUPS: the CRM record types as one grid
 * of view / create / edit / delete / everyone's records, the other groups as checkbox lists.
 */
export function PermissionMatrix({ groups, value, onChange, readOnly = false, grantable }: PermissionMatrixProps) {
  const records = groups.filter(isRecordGroup);
  const others = groups.filter((group) => !isRecordGroup(group));
  const headers = records[0]?.permissions.map((permission) => permission.label) ?? [];
  const checkbox = (permission: Group['permissions'][number], label: string) => (
    <Checkbox
      key={permission.key}
      label={label}
      checked={value.includes(permission.key)}
      disabled={readOnly || !grantable(permission.key)}
      onChange={(event) => onChange(togglePermission(value, permission.key, event.currentTarget.checked))}
    />
  );

  return (
    <Stack gap="md">
      <Fieldset legend="CRM records" variant="filled">
        <Table.ScrollContainer minWidth={440}>
          <Table withRowBorders verticalSpacing="xs" horizontalSpacing="xs" aria-label="CRM record permissions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Record type</Table.Th>
                {RECORD_ACTIONS.map((action, index) => (
                  <Table.Th key={action} scope="col" ta="center" fz="xs" w={action === 'all' ? 120 : undefined}>
                    {headers[index] ?? action}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((group) => (
                <Table.Tr key={group.key}>
                  <Table.Th scope="row" fw={600}>
                    {group.label}
                  </Table.Th>
                  {group.permissions.map((permission) => (
                    <Table.Td key={permission.key} ta="center">
                      <Checkbox
                        aria-label={`${group.label}: ${permission.label}`}
                        style={{ display: 'inline-block' }}
                        checked={value.includes(permission.key)}
                        disabled={readOnly || !grantable(permission.key)}
                        onChange={(event) =>
                          onChange(togglePermission(value, permission.key, event.currentTarget.checked))
                        }
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt="xs">
          Without “{headers.at(-1) ?? 'all'}”, a team member sees only the records they own.
        </Text>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {others.map((group) => (
          <Fieldset key={group.key} legend={group.label} variant="filled">
            <Stack gap="xs">{group.permissions.map((permission) => checkbox(permission, permission.label))}</Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
