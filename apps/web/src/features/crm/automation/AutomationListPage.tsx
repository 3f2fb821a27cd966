import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBolt, IconPlus } from '@tabler/icons-react';
import { AUTOMATION_MESSAGES, type AutomationRule } from '@tradeloop/contracts/crm/automation';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { ConfirmDeleteModal } from '../shared/ConfirmDeleteModal.tsx';
import { CRM_SETTINGS_PATH } from '../leads/paths.ts';
import { moved, OrderedRow, SectionCard } from '../leads/components/SettingsParts.tsx';
import {
  useAutomationRules,
  useDeleteAutomationRule,
  useReorderAutomationRules,
  useSetAutomationRuleEnabled,
} from './api.ts';
import { automationEditPath, automationRulePath, NEW_AUTOMATION_PATH } from './paths.ts';
import { RunStatusBadge } from './RunStatusBadge.tsx';
import { dateTimeLabel } from '../../../lib/format.ts';

/** /crm/automation: the company's rules in the order they run; switch, move, edit, delete. */
export function AutomationListPage() {
  useDocumentTitle('Automation · CRM · TradeLoop');
  const canEdit = useCan()('crm.settings');
  const navigate = useNavigate();
  const rules = useAutomationRules();
  const reorder = useReorderAutomationRules();
  const setEnabled = useSetAutomationRuleEnabled();
  const remove = useDeleteAutomationRule();
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);

  const handleEnabled = (rule: AutomationRule, enabled: boolean) =>
    setEnabled.mutate(
      { id: rule.id, enabled },
      { onSuccess: (result) => notifySuccess(result.message ?? AUTOMATION_MESSAGES.enabled) },
    );
  const handleMove = (ids: number[]) =>
    reorder.mutate(ids, { onSuccess: (result) => notifySuccess(result.message ?? AUTOMATION_MESSAGES.reordered) });
  const handleDelete = (rule: AutomationRule) =>
    remove.mutate(rule.id, {
      onSuccess: (result) => {
        notifySuccess(result.message ?? AUTOMATION_MESSAGES.deleted);
        setDeleting(null);
      },
    });

  const newButton = canEdit && (
    <Button component={Link} to={NEW_AUTOMATION_PATH} leftSection={<IconPlus size={16} />}>
      New rule
    </Button>
  );

  let body;
  if (rules.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" role="status" aria-label="Loading the rules">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={56} />
        ))}
      </Stack>
    );
  } else if (rules.isError) {
    body = <ErrorState onRetry={() => rules.refetch()} />;
  } else if (rules.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconBolt size={30} />}
        title="No rules yet"
        description="A rule does routine work for you: when something happens to a lead (it is created, its score reaches a threshold, nobody answered its quote…), it assigns, tags, sets the status, creates a task, e-mails or notifies."
        action={newButton}
      />
    );
  } else {
    const ids = rules.data.map((rule) => rule.id);
    body = (
      <Stack gap={0} data-testid="automation-rules">
        {rules.data.map((rule, index) => (
          <OrderedRow
            key={rule.id}
            name={rule.name}
            index={index}
            count={ids.length}
            editable={canEdit}
            busy={reorder.isPending}
            onMove={(step) => handleMove(moved(ids, index, step))}
            onEdit={() => void navigate(automationEditPath(rule.id))}
            onDelete={() => setDeleting(rule)}
            aside={
              canEdit && (
                <Switch
                  size="md"
                  aria-label={`${rule.name} enabled`}
                  checked={rule.enabled}
                  disabled={setEnabled.isPending}
                  onChange={(event) => handleEnabled(rule, event.currentTarget.checked)}
                />
              )
            }
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Anchor
                  component={Link}
                  to={automationRulePath(rule.id)}
                  fw={500}
                  c={rule.enabled ? undefined : 'dimmed'}
                >
                  {rule.name}
                </Anchor>
                {!rule.enabled && (
                  <Badge size="sm" variant="outline" color="gray">
                    Off
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {rule.trigger_summary}
                {rule.conditions.length > 0 &&
                  ` · ${rule.conditions.length} ${rule.conditions.length === 1 ? 'condition' : 'conditions'}`}
                {` · ${rule.actions.length} ${rule.actions.length === 1 ? 'action' : 'actions'}`}
              </Text>
              <Group gap={6}>
                {rule.last_run ? (
                  <>
                    <Text size="xs" c="dimmed">
                      Last run {dateTimeLabel(rule.last_run.at)}
                    </Text>
                    <RunStatusBadge status={rule.last_run.status} />
                  </>
                ) : (
                  <Text size="xs" c="dimmed">
                    Not run yet
                  </Text>
                )}
              </Group>
            </Stack>
          </OrderedRow>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component={Link} to={CRM_SETTINGS_PATH} size="sm">
          ← CRM settings
        </Anchor>
        <Title order={1} size="h2">
          Automation
        </Title>
        <Text c="dimmed" maw={720}>
          Rules run top to bottom when their trigger happens to a lead, and only on leads that meet their conditions. A
          rule's changes can start other rules, up to a few steps deep.
        </Text>
      </div>
      <SectionCard
        title="Rules"
        description="Switch a rule off to pause it; its run log stays."
        action={rules.isSuccess && rules.data.length > 0 ? newButton : undefined}
        readOnlyNote={canEdit ? undefined : 'Your role does not include CRM settings: ask your account owner.'}
      >
        {body}
      </SectionCard>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && handleDelete(deleting)}
      >
        The rule stops running and its run log is deleted with it.
      </ConfirmDeleteModal>
    </Stack>
  );
}
