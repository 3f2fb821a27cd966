import { Badge, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { useLeadScore } from './api.ts';
import { dateTimeLabel } from '../../../lib/format.ts';

const CAUSES: Record<string, string> = {
  created: 'lead created',
  field_changed: 'lead edited',
  thread: 'new request',
  engagement: 'browsing',
  wishlist: 'wishlist',
  restored: 'restored',
};

const colorOf = (score: number) => (score >= 60 ? 'teal' : score >= 30 ? 'yellow' : 'gray');

/** The lead page's side panel: the score, what each group adds, and the latest changes. Leads only. */
export function LeadScorePanel({ typeId, record }: DetailTabProps) {
  if (typeId !== 1) return null;
  return <LeadScoreCard leadId={record.id} />;
}

function LeadScoreCard({ leadId }: { leadId: number }) {
  const score = useLeadScore(leadId);
  return (
    <Card data-testid="lead-score">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Lead score
        </Title>
        {score.data?.score !== null && score.data?.score !== undefined && (
          <Badge size="lg" color={colorOf(score.data.score)} aria-label={`Score ${score.data.score} of 100`}>
            {score.data.score}
          </Badge>
        )}
      </Group>
      {score.isPending ? (
        <Stack gap="xs">
          <Skeleton h={14} />
          <Skeleton h={14} />
          <Skeleton h={14} />
        </Stack>
      ) : score.isError ? (
        <Text size="sm" c="red">
          The score could not be loaded.
        </Text>
      ) : score.data.score === null ? (
        <Text size="sm" c="dimmed">
          Not scored yet: the score follows within moments of the lead&apos;s changes.
        </Text>
      ) : (
        <Stack gap={8}>
          {score.data.groups
            .filter((group) => group.points > 0 || group.met.length > 0)
            .map((group) => (
              <div key={group.key}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{group.label}</Text>
                  <Text size="sm" fw={600}>
                    +{group.points}
                  </Text>
                </Group>
                <Progress
                  value={group.score}
                  size="sm"
                  aria-label={`${group.label}: ${group.score}% of its criteria met`}
                />
              </div>
            ))}
          {score.data.groups.every((group) => group.points === 0) && (
            <Text size="sm" c="dimmed">
              No criterion is met yet.
            </Text>
          )}
          {score.data.history.length > 1 && (
            <Stack gap={2} mt="xs">
              <Text size="xs" fw={600} c="dimmed">
                Recent changes
              </Text>
              {score.data.history.slice(0, 5).map((entry) => (
                <Text size="xs" c="dimmed" key={entry.at + entry.score}>
                  {entry.previous === null ? `Scored ${entry.score}` : `${entry.previous} → ${entry.score}`} (
                  {CAUSES[entry.cause] ?? entry.cause}, {dateTimeLabel(entry.at)})
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
