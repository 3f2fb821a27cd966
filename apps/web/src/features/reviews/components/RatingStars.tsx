import { Group } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';

type RatingStarsProps = { value: number; size?: number; label?: string };

/** Five stars for a rating (halves shown), named once as "4.5 out of 5 stars" for assistive technology. */
export function RatingStars({ value, size = 16, label }: RatingStarsProps) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <Group gap={1} wrap="nowrap" role="img" aria-label={label ?? `${value} out of 5 stars`} c="yellow.8">
      {[1, 2, 3, 4, 5].map((star) =>
        rounded >= star ? (
          <IconStarFilled key={star} size={size} aria-hidden />
        ) : rounded >= star - 0.5 ? (
          <IconStarHalfFilled key={star} size={size} aria-hidden />
        ) : (
          <IconStar key={star} size={size} aria-hidden />
        ),
      )}
    </Group>
  );
}
