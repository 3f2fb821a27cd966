import {
  type ActionInput,
  type ActionType,
  AUTOMATION_MESSAGES,
  type AutomationRule,
  automationRuleBodySchema,
  type AutomationRuleInput,
  type DueUnit,
  type TriggerInput,
  type TriggerType,
} from '@tradeloop/contracts/crm/automation';
import { zodFormValidator } from '../../../lib/form.ts';
import { completeFilters, type FilterRow } from '../views/components/FilterBuilder.tsx';

/*
 * The builder's form values: the request's shape, with every option of every trigger and action kept
 * (switching a trigger's type and back keeps what was typed), so field errors of the contract and of
 * the server ("trigger.threshold", "actions.0.status") land on the inputs of the same path.
 */

export type TriggerValues = {
  type: TriggerType;
  sources: string[];
  from: string | null;
  to: string | null;
  threshold: number | string;
  field: string | null;
  hours: number | string;
  tag: string;
};

export type ActionValues = {
  type: ActionType;
  user_id: string | null;
  status: string | null;
  tag: string;
  subject: string;
  due_in: number | string;
  due_unit: DueUnit;
  body: string;
  message: string;
};

export type RuleFormValues = {
  name: string;
  enabled: boolean;
  trigger: TriggerValues;
  conditions: FilterRow[];
  actions: ActionValues[];
};

export function newAction(type: ActionType = 'assign_user'): ActionValues {
  return {
    type,
    user_id: null,
    status: null,
    tag: '',
    subject: '',
    due_in: 2,
    due_unit: 'hours',
    body: '',
    message: '',
  };
}

const blankTrigger: TriggerValues = {
  type: 'lead_created',
  sources: [],
  from: null,
  to: null,
  threshold: 60,
  field: null,
  hours: 24,
  tag: '',
};

/** The form for a new rule, or for editing `rule`. */
export function formValuesOf(rule: AutomationRule | null): RuleFormValues {
  if (!rule) return { name: '', enabled: true, trigger: blankTrigger, conditions: [], actions: [newAction()] };
  const trigger = rule.trigger;
  return {
    name: rule.name,
    enabled: rule.enabled,
    trigger: {
      ...blankTrigger,
      type: trigger.type,
      ...(trigger.type === 'lead_created' && { sources: trigger.sources }),
      ...(trigger.type === 'status_changed' && { from: trigger.from ?? null, to: trigger.to ?? null }),
      ...(trigger.type === 'score_crossed' && { threshold: trigger.threshold }),
      ...(trigger.type === 'field_changed' && { field: trigger.field }),
      ...(trigger.type === 'no_reply' && { hours: trigger.hours }),
      ...(trigger.type === 'tag_added' && { tag: trigger.tag ?? '' }),
    },
    conditions: rule.conditions.map((condition) => ({
      id: String(condition.id),
      condition: condition.condition,
      value: condition.value as FilterRow['value'],
    })),
    actions: rule.actions.map((action) => ({
      ...newAction(action.type),
      ...action,
      user_id: 'user_id' in action && action.user_id ? String(action.user_id) : null,
      status: 'status' in action ? action.status : null,
    })),
  };
}

const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));

function triggerBody(trigger: TriggerValues): TriggerInput {
  switch (trigger.type) {
    case 'lead_created':
      return { type: trigger.type, sources: trigger.sources };
    case 'status_changed':
      return { type: trigger.type, from: trigger.from, to: trigger.to };
    case 'score_crossed':
      return { type: trigger.type, threshold: number(trigger.threshold) };
    case 'field_changed':
      return { type: trigger.type, field: trigger.field ?? '' };
    case 'no_reply':
      return { type: trigger.type, hours: number(trigger.hours) };
    case 'meeting_ended':
      return { type: trigger.type };
    case 'tag_added':
      return { type: trigger.type, tag: trigger.tag.trim() || null };
  }
}

function actionBody(action: ActionValues): ActionInput {
  switch (action.type) {
    case 'assign_user':
      return { type: action.type, user_id: Number(action.user_id ?? 0) };
    case 'assign_by_rules':
      return { type: action.type };
    case 'set_status':
      return { type: action.type, status: action.status ?? '' };
    case 'add_tag':
    case 'remove_tag':
      return { type: action.type, tag: action.tag };
    case 'create_task':
      return { type: action.type, subject: action.subject, due_in: number(action.due_in), due_unit: action.due_unit };
    case 'send_email':
      return { type: action.type, subject: action.subject, body: action.body };
    case 'notify':
      return { type: action.type, user_id: action.user_id ? Number(action.user_id) : null, message: action.message };
  }
}

/** The request a form's values make: only the chosen trigger's and actions' options, complete conditions only. */
export function ruleBody(values: RuleFormValues): AutomationRuleInput {
  return {
    name: values.name,
    enabled: values.enabled,
    trigger: triggerBody(values.trigger),
    conditions: completeFilters(values.conditions),
    actions: values.actions.map(actionBody),
  };
}

const schemaCheck = zodFormValidator(automationRuleBodySchema);

/** The contract's messages, on the inputs of the paths they name; a user not chosen yet says so. */
export function validateRule(values: RuleFormValues) {
  const errors = schemaCheck(ruleBody(values));
  values.actions.forEach((action, index) => {
    if (action.type === 'assign_user' && !action.user_id)
      errors[`actions.${index}.user_id`] = AUTOMATION_MESSAGES.userRequired;
  });
  return errors;
}
