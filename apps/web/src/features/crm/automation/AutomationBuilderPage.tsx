import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ACTION_LABELS,
  ACTION_TYPES,
  type ActionType,
  AUTOMATION_LIMITS,
  AUTOMATION_MAX_DEPTH,
  AUTOMATION_MESSAGES,
  type AutomationRule,
  DUE_UNITS,
  type DueUnit,
  TRIGGER_LABELS,
  TRIGGER_TYPES,
  type TriggerType,
} from '@tradeloop/contracts/crm/automation';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { apiFailure } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFields } from '../records/api/get-fields.ts';
import { useCrmUsers } from '../shared/api/get-users.ts';
import { FilterBuilder } from '../views/components/FilterBuilder.tsx';
import { fromListField, type UiField } from '../shared/fields.ts';
import { useLeadStatuses } from '../leads/api/statuses.ts';
import { useAutomationRule, useSaveAutomationRule } from './api.ts';
import { AUTOMATION_PATH, automationRulePath } from './paths.ts';
import { formValuesOf, newAction, ruleBody, validateRule, type RuleFormValues } from './rule-form.ts';

type Form = UseFormReturnType<RuleFormValues>;
type Choice = { value: string; label: string };

/** What the trigger and action inputs choose from: the company's statuses, users and lead fields. */
type Choices = { statuses: Choice[]; users: Choice[]; fields: UiField[]; sources: string[] };

function useChoices(): Choices & { loading: boolean } {
  const statuses = useLeadStatuses();
  const users = useCrmUsers();
  const fields = useFields(1);
  return useMemo(() => {
    const leadFields = (fields.data ?? []).map(fromListField);
    return {
      loading: statuses.isPending || users.isPending || fields.isPending,
      statuses: (statuses.data ?? []).map((status) => ({ value: status.name, label: status.name })),
      users: (users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name })),
      fields: leadFields,
      sources: leadFields.find((field) => field.name === 'lead_source')?.options ?? [],
    };
  }, [statuses.data, statuses.isPending, users.data, users.isPending, fields.data, fields.isPending]);
}

/** /crm/automation/new and /crm/automation/{id}/edit: name, trigger, conditions and actions of a rule. */
export function AutomationBuilderPage() {
  const ruleId = useParams().ruleId;
  const editing = useAutomationRule(Number(ruleId ?? 0), 1, ruleId !== undefined);
  useDocumentTitle(`${ruleId ? 'Edit rule' : 'New rule'} · Automation · TradeLoop`);
  const choices = useChoices();

  let body;
  if ((ruleId && editing.isPending) || choices.loading) {
    body = (
      <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the rule builder">
        <Skeleton h={120} />
        <Skeleton h={160} />
        <Skeleton h={200} />
      </Stack>
    );
  } else if (ruleId && editing.isError) {
    body = <ErrorState title="This rule could not be loaded" onRetry={() => editing.refetch()} />;
  } else {
    const rule = ruleId ? (editing.data?.rule ?? null) : null;
    body = <RuleForm key={rule?.id ?? 'new'} rule={rule} choices={choices} />;
  }
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component={Link} to={AUTOMATION_PATH} size="sm">
          ← Automation
        </Anchor>
        <Title order={1} size="h2">
          {ruleId ? 'Edit rule' : 'New rule'}
        </Title>
      </div>
      {body}
    </Stack>
  );
}

function RuleForm({ rule, choices }: { rule: AutomationRule | null; choices: Choices }) {
  const navigate = useNavigate();
  const save = useSaveAutomationRule();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RuleFormValues>({ initialValues: formValuesOf(rule), validate: validateRule });

  const handleSubmit = form.onSubmit((values) => {
    setAlert(null);
    save.mutate(
      { id: rule?.id, body: ruleBody(values) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? (rule ? AUTOMATION_MESSAGES.updated : AUTOMATION_MESSAGES.created));
          void navigate(automationRulePath(result.data.id));
        },
        onError: (error) => {
          const failure = apiFailure(error);
          form.setErrors(failure.fields);
          setAlert(failure.message ?? failure.fields.conditions ?? null);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={rule ? `Edit ${rule.name}` : 'New rule'}>
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <Card>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Rule name"
              required
              maxLength={AUTOMATION_LIMITS.name}
              style={{ flex: 1, minWidth: 240 }}
              {...form.getInputProps('name')}
            />
            <Switch label="On" {...form.getInputProps('enabled', { type: 'checkbox' })} mb={8} />
          </Group>
        </Card>
        <Card>
          <Title order={2} size="h4" mb={4}>
            When
          </Title>
          <TriggerInputs form={form} choices={choices} />
        </Card>
        <Card>
          <Title order={2} size="h4" mb={4}>
            Only for leads that match
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The conditions of the lead lists, all of which must hold when the rule runs. None: every lead.
          </Text>
          <FilterBuilder
            fields={choices.fields}
            rows={form.values.conditions}
            onChange={(rows) => form.setFieldValue('conditions', rows)}
          />
          {typeof form.errors.conditions === 'string' && (
            <Text size="sm" c="red" mt="xs">
              {form.errors.conditions}
            </Text>
          )}
        </Card>
        <Card>
          <Title order={2} size="h4" mb={4}>
            Do
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Actions run in this order. If one fails, the run's other changes are undone and the run log says why. A
            change can start other rules, at most {AUTOMATION_MAX_DEPTH} steps deep. Subjects and messages can use the
            lead's values: {'{first_name}'}, {'{company}'} or any lead field's name in braces.
          </Text>
          <ActionList form={form} choices={choices} />
        </Card>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={rule ? automationRulePath(rule.id) : AUTOMATION_PATH}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TriggerInputs({ form, choices }: { form: Form; choices: Choices }) {
  const type = form.values.trigger.type;
  const input = (path: string) => form.getInputProps(`trigger.${path}`);
  // Inputs line up at the bottom: some options have a description above their box.
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Trigger"
        required
        w={280}
        allowDeselect={false}
        data={TRIGGER_TYPES.map((value) => ({ value, label: TRIGGER_LABELS[value] }))}
        {...input('type')}
        onChange={(value) => value && form.setFieldValue('trigger.type', value as TriggerType)}
      />
      {type === 'lead_created' && (
        <TagsInput
          label="Only from these sources"
          description="Empty: from any source"
          w={340}
          data={choices.sources}
          {...input('sources')}
        />
      )}
      {type === 'status_changed' && (
        <>
          <Select label="From" placeholder="Any status" clearable w={200} data={choices.statuses} {...input('from')} />
          <Select label="To" placeholder="Any status" clearable w={200} data={choices.statuses} {...input('to')} />
        </>
      )}
      {type === 'score_crossed' && (
        <NumberInput
          label="Score reaches at least"
          description="Runs when the score goes from below to this or above"
          min={1}
          max={100}
          w={240}
          {...input('threshold')}
        />
      )}
      {type === 'field_changed' && (
        <Select
          label="Field"
          required
          searchable
          w={260}
          data={choices.fields
            .filter((field) => !field.isColumn && field.id !== null)
            .map((field) => ({ value: field.name, label: field.label }))}
          {...input('field')}
        />
      )}
      {type === 'no_reply' && (
        <NumberInput
          label="Hours without an answer or message"
          description="Counted from the quote request"
          min={1}
          max={AUTOMATION_LIMITS.hours}
          w={260}
          {...input('hours')}
        />
      )}
      {type === 'meeting_ended' && (
        <Text size="sm" c="dimmed" maw={420}>
          When a meeting on the lead is marked held, or its end time passes, whichever comes first. A cancelled meeting
          does not count.
        </Text>
      )}
      {type === 'tag_added' && <TextInput label="Tag" description="Empty: any tag" w={240} {...input('tag')} />}
    </Group>
  );
}

function ActionList({ form, choices }: { form: Form; choices: Choices }) {
  const actions = form.values.actions;
  const actionsError = form.errors.actions;
  return (
    <Stack gap="sm">
      {actions.map((action, index) => (
        <Card key={index} withBorder padding="sm" aria-label={`Action ${index + 1}`} component="section">
          <Group align="flex-start" wrap="nowrap" justify="space-between">
            <Group align="flex-start" wrap="wrap" style={{ flex: 1 }}>
              <Select
                label={`Action ${index + 1}`}
                w={260}
                allowDeselect={false}
                data={ACTION_TYPES.map((value) => ({ value, label: ACTION_LABELS[value] }))}
                value={action.type}
                onChange={(value) => value && form.setFieldValue(`actions.${index}.type`, value as ActionType)}
              />
              <ActionInputs form={form} index={index} choices={choices} />
            </Group>
            <Group gap={2} wrap="nowrap" mt={24}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move action ${index + 1} up`}
                disabled={index === 0}
                onClick={() => form.reorderListItem('actions', { from: index, to: index - 1 })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move action ${index + 1} down`}
                disabled={index === actions.length - 1}
                onClick={() => form.reorderListItem('actions', { from: index, to: index + 1 })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove action ${index + 1}`}
                onClick={() => form.removeListItem('actions', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Card>
      ))}
      {typeof actionsError === 'string' && (
        <Text size="sm" c="red">
          {actionsError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={actions.length >= AUTOMATION_LIMITS.actionsPerRule}
          onClick={() => form.insertListItem('actions', newAction())}
        >
          Add action
        </Button>
      </Group>
    </Stack>
  );
}

function ActionInputs({ form, index, choices }: { form: Form; index: number; choices: Choices }) {
  const action = form.values.actions[index];
  const input = (path: string) => form.getInputProps(`actions.${index}.${path}`);
  switch (action.type) {
    case 'assign_user':
      return <Select label="User" required searchable w={240} data={choices.users} {...input('user_id')} />;
    case 'assign_by_rules':
      return (
        <Text size="sm" c="dimmed" mt={28} maw={380}>
          The company's assignment rules pick the owner, as for a new lead nobody assigned.
        </Text>
      );
    case 'set_status':
      return <Select label="Status" required w={220} data={choices.statuses} {...input('status')} />;
    case 'add_tag':
    case 'remove_tag':
      return <TextInput label="Tag" required w={220} {...input('tag')} />;
    case 'create_task':
      return (
        <>
          <TextInput label="Task subject" required w={260} {...input('subject')} />
          <NumberInput label="Due in" min={0} w={100} {...input('due_in')} />
          <Select
            label="Unit"
            aria-label="Due in unit"
            w={120}
            allowDeselect={false}
            data={DUE_UNITS.map((unit) => ({ value: unit, label: unit }))}
            value={action.due_unit}
            onChange={(value) => value && form.setFieldValue(`actions.${index}.due_unit`, value as DueUnit)}
          />
        </>
      );
    case 'send_email':
      return (
        <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
          <TextInput label="Subject" required {...input('subject')} />
          <Textarea label="Text" required autosize minRows={3} maxRows={10} {...input('body')} />
        </Stack>
      );
    case 'notify':
      return (
        <>
          <Select
            label="Notify"
            placeholder="The lead's owner"
            clearable
            searchable
            w={220}
            data={choices.users}
            {...input('user_id')}
          />
          <TextInput
            label="Message"
            required
            style={{ flex: 1, minWidth: 240 }}

            {...input('message')}
          />
        </>
      );
  }
}
