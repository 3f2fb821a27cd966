import { Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import type { MiniSite, MiniSitePage } from '@tradeloop/contracts/company-profile';

/*
 * Places on the mini-site that other parts of issue 18 fill (decision 044). Each slot is one
 * component with the data it needs; the integrator replaces its body, not the pages.
 */

/**
 * The banner carousel on top of every mini-site page (the seller's banner settings, modules/promotion).
 * Until banners exist the slot shows nothing, so no page keeps an empty box.
 */
export function MiniSiteBannerSlot(_props: { site: MiniSite; page: MiniSitePage }) {
  return null;
}

/**
 * The reviews section of the mini-site's home (modules/reviews). Today: the company's rating from
 * buyers' ratings after a conversation (the same figure as the JSON-LD AggregateRating).
 */
export function MiniSiteReviewsSlot({ site }: { site: MiniSite }) {
  const { average, count } = site.rating;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="mini-site-reviews">
      <Stack gap="xs">
        <Title order={2} size="h4" id="mini-site-reviews">
          Reviews
        </Title>
        {count > 0 && average !== null ? (
          <Group gap="xs">
            <Rating value={average} fractions={10} readOnly aria-label={`Rated ${average} out of 5`} />
            <Text size="sm">
              {average.toFixed(1)} out of 5 · {count} {count === 1 ? 'rating' : 'ratings'} from buyers
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No ratings yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
