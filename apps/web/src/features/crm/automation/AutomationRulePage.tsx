import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import {
  ACTION_LABELS,
  type AutomationRule,
  type AutomationRun,
  type AutomationShow,
} from '@tradeloop/contracts/crm/automation';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { useFields } from '../records/api/get-fields.ts';
import { conditionLabel } from '../views/components/FilterBuilder.tsx';
import { fromListField } from '../shared/fields.ts';
import { CRM_PATHS } from '../shared/paths.ts';
import { useAutomationRule } from './api.ts';
import { AUTOMATION_PATH, automationEditPath } from './paths.ts';
import { RunStatusBadge } from './RunStatusBadge.tsx';
import { dateTimeLabel } from '../../../lib/format.ts';

/** /crm/automation/{id}: what the rule does, and its run log (when, which lead, what it did or why not). */
export function AutomationRulePage() {
  const id = Number(useParams().ruleId);
  const [page, setPage] = useState(1);
  const shown = useAutomationRule(id, page);
  useDocumentTitle(`${shown.data?.rule.name ?? 'Rule'} · Automation · TradeLoop`);

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={AUTOMATION_PATH} size="sm">
        ← Automation
      </Anchor>
      {shown.isPending ? (
        <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the rule">
          <Skeleton h={40} w={320} />
          <Skeleton h={140} />
          <Skeleton h={240} />
        </Stack>
      ) : shown.isError ? (
        <ErrorState title="This rule could not be loaded" onRetry={() => shown.refetch()} />
      ) : (
        <RuleDetail shown={shown.data} page={page} onPage={setPage} loading={shown.isFetching} />
      )}
    </Stack>
  );
}

function RuleDetail(props: { shown: AutomationShow; page: number; onPage: (page: number) => void; loading: boolean }) {
  const { rule, runs } = props.shown;
  const canEdit = useCan()('crm.settings');
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              {rule.name}
            </Title>
            <Badge variant="light" color={rule.enabled ? 'teal' : 'gray'}>
              {rule.enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text c="dimmed">{rule.trigger_summary}</Text>
        </div>
        {canEdit && (
          <Button component={Link} to={automationEditPath(rule.id)} variant="light">
            Edit rule
          </Button>
        )}
      </Group>
      <Card>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <div>
            <Text fw={600} size="sm">
              Only for leads where
            </Text>
            <ConditionList conditions={rule.conditions} />
          </div>
          <div>
            <Text fw={600} size="sm">
              Actions, in order
            </Text>
            <List size="sm" type="ordered">
              {rule.actions.map((action, index) => (
                <List.Item key={index}>{ACTION_LABELS[action.type]}</List.Item>
              ))}
            </List>
          </div>
        </Group>
      </Card>
      <Card>
        <Title order={2} size="h4" mb="sm">
          Run log
        </Title>
        {runs.total === 0 ? (
          <EmptyState
            icon={<IconHistory size={30} />}
            title="No runs yet"
            description="Each time the trigger happens to a lead, the run shows here: what the rule did, or why it did not."
          />
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" aria-busy={props.loading} data-testid="automation-runs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Lead</Table.Th>
                    <Table.Th>Outcome</Table.Th>
                    <Table.Th>What it did</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {runs.data.map((run) => (
                    <RunRow key={run.id} run={run} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {runs.lastPage > 1 && (
              <Pagination total={runs.lastPage} value={props.page} onChange={props.onPage} aria-label="Run log pages" />
            )}
          </Stack>
        )}
      </Card>
    </>
  );
}

/** The rule's conditions as a list reads them: field, condition, value. */
function ConditionList({ conditions }: { conditions: AutomationRule['conditions'] }) {
  const fields = useFields(1);
  if (conditions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Every lead
      </Text>
    );
  }
  const byName = new Map((fields.data ?? []).map((field) => [field.name, fromListField(field)]));
  return (
    <List size="sm">
      {conditions.map((condition, index) => {
        const field = byName.get(String(condition.id));
        const value = Array.isArray(condition.value) ? condition.value.join(', ') : (condition.value ?? '');
        return (
          <List.Item key={index}>
            {field?.label ?? String(condition.id)} {conditionLabel(field, condition.condition)} {String(value)}
          </List.Item>
        );
      })}
    </List>
  );
}

function RunRow({ run }: { run: AutomationRun }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{dateTimeLabel(run.at)}</Text>
        {run.depth > 0 && (
          <Text size="xs" c="dimmed">
            Started by another rule ({run.depth} deep)
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {run.lead ? (
          <Anchor component={Link} to={CRM_PATHS.detail(1, run.lead.id)} size="sm">
            {run.lead.title || 'Untitled lead'}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            A lead since deleted
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <RunStatusBadge status={run.status} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {run.steps.map((step, index) => (
            <Text key={index} size="sm" c={run.status === 'failed' ? 'dimmed' : undefined}>
              {step.result}
            </Text>
          ))}
          {run.error && (
            <Text size="sm" c={run.status === 'failed' ? 'red' : 'dimmed'}>
              {run.status === 'failed' ? `Undone: ${run.error}` : run.error}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
