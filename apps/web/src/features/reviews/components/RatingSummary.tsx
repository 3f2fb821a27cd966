import { Group, Progress, Stack, Text } from '@mantine/core';
import type { RatingSummary as Summary } from '@tradeloop/contracts/reviews';
import { RatingStars } from './RatingStars.tsx';

/** The average in large, its stars and count, and how many reviews gave each of 5 to 1 stars. */
export function RatingSummary({ summary }: { summary: Summary }) {
  return (
    <Group align="flex-start" gap="xl" wrap="wrap" data-testid="rating-summary">
      <Stack gap={4} align="center" miw={120}>
        <Text fz={40} fw={700} lh={1}>
          {summary.average === null ? '–' : summary.average.toFixed(1)}
        </Text>
        {summary.average !== null && <RatingStars value={summary.average} size={18} />}
        <Text size="sm" c="dimmed">
          {summary.count === 1 ? '1 review' : `${summary.count} reviews`}
        </Text>
      </Stack>
      <Stack gap={4} style={{ flex: '1 1 220px' }} maw={360}>
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const count = summary.distribution[stars];
          const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
          return (
            <Group key={stars} gap="xs" wrap="nowrap">
              <Text size="sm" w={52}>
                {stars} {stars === 1 ? 'star' : 'stars'}
              </Text>
              <Progress
                value={share}
                color="yellow.7"
                style={{ flex: 1 }}
                aria-label={`${stars} stars: ${count} of ${summary.count} reviews`}
              />
              <Text size="sm" c="dimmed" w={28} ta="right">
                {count}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Group>
  );
}
