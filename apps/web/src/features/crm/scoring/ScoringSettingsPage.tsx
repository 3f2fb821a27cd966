import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  SCORING_LIMITS,
  SCORING_MESSAGES,
  type ScoringGroup,
  type ScoringSettings,
  type ScoringStoreBody,
} from '@tradeloop/contracts/crm/scoring';
import { useCan } from '../../../lib/permissions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CRM_SETTINGS_PATH } from '../leads/paths.ts';
import { useSaveScoring, useScoringSettings } from './api.ts';

type Weights = { groups: Record<string, number>; criteria: Record<string, number> };

const criterionKey = (group: string, key: string) => `${group}.${key}`;

function weightsOf(settings: ScoringSettings, pick: 'weight' | 'default_weight'): Weights {
  const weights: Weights = { groups: {}, criteria: {} };
  for (const group of settings.groups) {
    weights.groups[group.key] = group[pick];
    for (const criterion of group.criteria) weights.criteria[criterionKey(group.key, criterion.key)] = criterion[pick];
  }
  return weights;
}

function bodyOf(settings: ScoringSettings, weights: Weights): ScoringStoreBody {
  return {
    groups: settings.groups.map((group) => ({
      key: group.key,
      weight: weights.groups[group.key],
      criteria: group.criteria.map((criterion) => ({
        key: criterion.key,
        weight: weights.criteria[criterionKey(group.key, criterion.key)],
      })),
    })),
  };
}

const asWeight = (value: string | number, max: number) => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.min(max, Math.max(0, Math.round(number))) : 0;
};

/** /crm/scoring: how much each group and criterion counts towards a lead's score (decision 040). */
export function ScoringSettingsPage() {
  useDocumentTitle('Lead scoring · CRM · TradeLoop');
  const canEdit = useCan()('crm.settings');
  const settings = useScoringSettings();

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Anchor component={Link} to={CRM_SETTINGS_PATH} size="sm">
          ← CRM settings
        </Anchor>
        <Title order={1} size="h2">
          Lead scoring
        </Title>
        <Text c="dimmed" maw={720}>
          Every lead gets a score from 0 to 100 from what TradeLoop knows about it. Give more weight to what matters to
          you; a weight of 0 leaves a group or a criterion out. Each group counts by its weight, and within a group each
          criterion counts by its own.
        </Text>
      </div>
      {settings.isPending ? (
        <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the scoring settings">
          <Skeleton h={60} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h={260} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" title="The scoring settings could not be loaded">
          <Group justify="space-between">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="light" size="xs" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        // A save (here or in another tab) changes the version: the form starts again from the stored weights.
        <ScoringForm key={settings.data.version} settings={settings.data} canEdit={canEdit} />
      )}
    </Stack>
  );
}

function RescoringStatus({ rescoring }: { rescoring: ScoringSettings['rescoring'] }) {
  if (rescoring.status === 'idle') return null;
  const done = Math.min(rescoring.done, rescoring.total);
  const percent = rescoring.total > 0 ? Math.round((done / rescoring.total) * 100) : 100;
  if (rescoring.status === 'done') {
    return (
      <Text size="sm" c="dimmed" data-testid="rescoring-status">
        All {rescoring.total.toLocaleString()} leads are scored with these weights.
      </Text>
    );
  }
  return (
    <Alert color="blue" title="Scoring your leads again" data-testid="rescoring-status">
      <Stack gap={6}>
        <Text size="sm">
          {done.toLocaleString()} of {rescoring.total.toLocaleString()} leads scored with the new weights. Lists keep
          working meanwhile.
        </Text>
        <Progress value={percent} aria-label="Leads scored again" />
      </Stack>
    </Alert>
  );
}

function ScoringForm({ settings, canEdit }: { settings: ScoringSettings; canEdit: boolean }) {
  const save = useSaveScoring();
  const [weights, setWeights] = useState<Weights>(() => weightsOf(settings, 'weight'));
  const allOff = Object.values(weights.groups).every((weight) => weight === 0);
  const totalWeight = Object.values(weights.groups).reduce((sum, weight) => sum + weight, 0);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || allOff) return;
    save.mutate(bodyOf(settings, weights), {
      onSuccess: (result) => notifySuccess(result.message ?? SCORING_MESSAGES.saved),
    });
  };
  const setGroup = (group: ScoringGroup, value: string | number) =>
    setWeights((current) => ({
      ...current,
      groups: { ...current.groups, [group]: asWeight(value, SCORING_LIMITS.groupWeight) },
    }));
  const setCriterion = (key: string, value: string | number) =>
    setWeights((current) => ({
      ...current,
      criteria: { ...current.criteria, [key]: asWeight(value, SCORING_LIMITS.criterionWeight) },
    }));

  return (
    <form onSubmit={handleSubmit} aria-label="Scoring weights">
      <Stack gap="md">
        <RescoringStatus rescoring={settings.rescoring} />
        {!canEdit && (
          <Text size="sm" c="dimmed">
            Your role lets you read the weights; a role with the CRM settings permission changes them.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {settings.groups.map((group) => {
            const groupWeight = weights.groups[group.key] ?? 0;
            const share = totalWeight > 0 ? Math.round((groupWeight / totalWeight) * 100) : 0;
            return (
              <Card
                key={group.key}
                component="section"
                aria-labelledby={`scoring-group-${group.key}-title`}
                data-testid={`scoring-group-${group.key}`}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
                  <div style={{ minWidth: 0 }}>
                    <Title order={2} size="h4" id={`scoring-group-${group.key}-title`}>
                      {group.label}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {group.description}
                    </Text>
                  </div>
                  <Badge variant="light" color={groupWeight ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
                    {share}% of the score
                  </Badge>
                </Group>
                <NumberInput
                  label="Group weight"
                  description={`0 to ${SCORING_LIMITS.groupWeight}; default ${group.default_weight}`}
                  min={0}
                  max={SCORING_LIMITS.groupWeight}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  value={groupWeight}
                  onChange={(value) => setGroup(group.key, value)}
                  disabled={!canEdit}
                  maw={220}
                  mb="sm"
                  aria-label={`${group.label}: group weight`}
                />
                <Stack gap={6}>
                  {group.criteria.map((criterion) => {
                    const key = criterionKey(group.key, criterion.key);
                    return (
                      <Group key={key} justify="space-between" wrap="nowrap" gap="sm" align="center">
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500}>
                            {criterion.label}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {criterion.description}
                          </Text>
                        </div>
                        <NumberInput
                          aria-label={`${group.label}: ${criterion.label}`}
                          min={0}
                          max={SCORING_LIMITS.criterionWeight}
                          allowDecimal={false}
                          allowNegative={false}
                          clampBehavior="strict"
                          value={weights.criteria[key] ?? 0}
                          onChange={(value) => setCriterion(key, value)}
                          disabled={!canEdit || groupWeight === 0}
                          w={88}
                          style={{ flexShrink: 0 }}
                        />
                      </Group>
                    );
                  })}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        {canEdit && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c={allOff ? 'red' : 'dimmed'} role={allOff ? 'alert' : undefined}>
              {allOff ? SCORING_MESSAGES.allGroupsOff : 'Saving scores every lead again in the background.'}
            </Text>
            <Group gap="sm">
              <Button variant="default" type="button" onClick={() => setWeights(weightsOf(settings, 'default_weight'))}>
                Use the defaults
              </Button>
              <Button type="submit" loading={save.isPending} disabled={allOff}>
                Save weights
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}
