import { useState } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { PublicProduct } from '@tradeloop/contracts/market';

/** The product's pictures: one large, thumbnails to switch (keyboard: the thumbnails are buttons). */
export function ProductGallery({ product }: { product: PublicProduct }) {
  const [index, setIndex] = useState(0);
  const photos = product.photos;
  const current = photos[Math.min(index, photos.length - 1)];
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {current ? (
          <img
            src={current.full}
            alt={`${product.name}, picture ${index + 1} of ${photos.length}`}
            className="mk-gallery-main"
            // The product page's largest paint: fetched first.
            fetchPriority={index === 0 ? 'high' : undefined}
            data-track="product-image-click"
          />
        ) : (
          <Stack
            className="mk-gallery-main"
            align="center"
            justify="center"
            c="gray.5"
            role="img"
            aria-label="No picture yet"
          >
            <IconPhoto size={64} />
          </Stack>
        )}
      </Paper>
      {photos.length > 1 && (
        <Group gap="xs" role="group" aria-label="Pictures">
          {photos.map((photo, position) => (
            <button
              key={photo.id}
              type="button"
              className="mk-gallery-thumb"
              aria-pressed={position === index}
              aria-label={`Show picture ${position + 1}`}
              onClick={() => setIndex(position)}
            >
              <img src={photo.thumb} alt="" />
            </button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
