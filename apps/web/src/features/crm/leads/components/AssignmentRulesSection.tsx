import { useState } from 'react';
import { Badge, Button, Group, Modal, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import type { AssignmentRule } from '@tradeloop/contracts/crm/leads';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useAssignmentRules, useDeleteRule, useReorderRules, useSaveRule } from '../api/rules.ts';
import { useRuleOptions } from '../api/rule-options.ts';
import { RuleFormModal } from './RuleFormModal.tsx';
import { moved, OrderedRow, SectionCard } from './SettingsParts.tsx';

const MODE_BADGES = {
  round_robin: { label: 'Every new lead', color: 'brand' },
  territory: { label: 'Territory', color: 'teal' },
  category: { label: 'Category', color: 'violet' },
} as const;

/** Who gets new leads nobody chose an owner for: rules tried in order, their users taking turns. */
export function AssignmentRulesSection({ canEdit }: { canEdit: boolean }) {
  const rules = useAssignmentRules();
  const options = useRuleOptions();
  const reorder = useReorderRules();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<AssignmentRule | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AssignmentRule | null>(null);

  const openForm = (rule: AssignmentRule | null) => {
    setEditing(rule);
    setFormOpen(true);
  };
  const matchNames = (rule: AssignmentRule) => {
    const names = new Map<number, string>(
      rule.mode === 'territory'
        ? (options.data?.territories ?? []).map((territory) => [territory.id, territory.name])
        : (options.data?.categories ?? []).map((category) => [category.id, category.name]),
    );
    return rule.match_ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
  };
  const handleActive = (rule: AssignmentRule, active: boolean) =>
    save.mutate({
      id: rule.id,
      body: { name: rule.name, mode: rule.mode, match_ids: rule.match_ids, user_ids: rule.user_ids, is_active: active },
    });
  const handleDelete = (rule: AssignmentRule) =>
    remove.mutate(rule.id, {
      onSuccess: (result) => {
        notifySuccess(result.message ?? 'Rule deleted');
        setDeleting(null);
      },
    });
  const addButton = canEdit && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
      Add rule
    </Button>
  );

  let body;
  if (rules.isPending) body = <Skeleton h={80} />;
  else if (rules.isError) body = <ErrorState onRetry={() => rules.refetch()} />;
  else if (rules.data.length === 0)
    body = (
      <EmptyState
        icon={<IconRoute size={30} />}
        title="No rules yet"
        description="New leads stay with whoever added them, and marketplace leads with the account owner. Add a rule to share them out."
        action={addButton}
      />
    );
  else {
    const ids = rules.data.map((rule) => rule.id);
    body = (
      <Stack gap={0} data-testid="assignment-rules">
        {rules.data.map((rule, index) => (
          <OrderedRow
            key={rule.id}
            name={rule.name}
            index={index}
            count={ids.length}
            editable={canEdit}
            busy={reorder.isPending}
            onMove={(step) => reorder.mutate(moved(ids, index, step))}
            onEdit={() => openForm(rule)}
            onDelete={() => setDeleting(rule)}
            aside={
              canEdit && (
                <Switch
                  aria-label={`${rule.name} active`}
                  checked={rule.is_active}
                  onChange={(event) => handleActive(rule, event.currentTarget.checked)}
                />
              )
            }
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={500} c={rule.is_active ? undefined : 'dimmed'}>
                  {rule.name}
                </Text>
                <Badge size="sm" variant="light" color={MODE_BADGES[rule.mode].color}>
                  {MODE_BADGES[rule.mode].label}
                </Badge>
                {!rule.is_active && (
                  <Badge size="sm" variant="outline" color="gray">
                    Paused
                  </Badge>
                )}
              </Group>
              {rule.mode !== 'round_robin' && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {matchNames(rule)}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {rule.users.map((user) => user.full_name).join(', ')}
                {rule.next_user && ` · next: ${rule.next_user.full_name}`}
              </Text>
            </Stack>
          </OrderedRow>
        ))}
      </Stack>
    );
  }

  return (
    <SectionCard
      title="Assignment rules"
      description="New leads nobody chose an owner for (marketplace requests, imports, leads added without an owner) go to the first active rule that matches, top to bottom. Its people take turns."
      action={rules.isSuccess && rules.data.length > 0 ? addButton : undefined}
      readOnlyNote={
        canEdit ? undefined : 'Your role does not include CRM settings: ask your account owner to change the rules.'
      }
    >
      {body}
      <RuleFormModal opened={formOpen} onClose={() => setFormOpen(false)} editing={editing} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={`Delete “${deleting?.name ?? ''}”?`}>
        <Text size="sm">New leads will no longer be assigned by this rule.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && handleDelete(deleting)}>
            Delete rule
          </Button>
        </Group>
      </Modal>
    </SectionCard>
  );
}
