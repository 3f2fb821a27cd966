import { Anchor, Group, Text } from '@mantine/core';
import { usePageActivity } from '../api/activity.ts';

/** Live figures of the marketplace, refreshed every 30 seconds (spec section 9). */
export function ActivityStrip({ onSearch }: { onSearch: (keyword: string) => void }) {
  const activity = usePageActivity();
  if (!activity.data) return null;
  const { active_visitors: visitors, quotes_today: quotes, products_listed: listed, trending } = activity.data;
  return (
    <Group gap="lg" wrap="wrap" aria-live="polite" data-testid="page-activity">
      <Group gap={8}>
        <span className="mk-live-dot" aria-hidden />
        <Text size="sm">
          <b>{visitors.toLocaleString('en')}</b> {visitors === 1 ? 'buyer' : 'buyers'} browsing now
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        <b>{quotes.toLocaleString('en')}</b> quote requests today · <b>{listed.toLocaleString('en')}</b> products listed
      </Text>
      {trending.length > 0 && (
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Trending:
          </Text>
          {trending.slice(0, 4).map((term) => (
            <Anchor key={term} component="button" type="button" size="sm" onClick={() => onSearch(term)}>
              {term}
            </Anchor>
          ))}
        </Group>
      )}
    </Group>
  );
}
