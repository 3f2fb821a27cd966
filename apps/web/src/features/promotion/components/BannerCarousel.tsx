import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { BANNER_LIMITS } from '@tradeloop/contracts/promotion-constants';

/** What the carousel needs of a banner setting (GET front/banners/{company_id}, or the seller's form). */
export type BannerCarouselSetting = {
  active_banner: boolean;
  swap_banner: boolean;
  indicator_banner: boolean;
  navigation_button: boolean;
  nav_button_visible: boolean;
  full_height_hover: boolean;
  background_color: string;
  alt_tag: string;
  images: { id: number | string; large: string; small?: string; width: number; height: number }[];
};

/**
 * A mini-site page's banner (decision 047). Honours every toggle: active_banner (nothing is shown
 * when off, except in a preview), swap_banner (rotates every few seconds; pauses while hovered or
 * focused, never starts when the visitor prefers reduced motion, and has a pause button),
 * indicator_banner (a named button per image), navigation_button (previous and next buttons),
 * nav_button_visible (off: the buttons appear on hover or focus), full_height_hover (on: each image
 * whole at its own height; off: a wide strip, cropped) and background_color (around contained images).
 * Image sizes are known, so nothing moves while they load. No carousel library.
 */
export function BannerCarousel({
  banner,
  preview = false,
  label = 'Banner',
}: {
  banner: BannerCarouselSetting;
  /** The seller's preview: shown even when inactive. */
  preview?: boolean;
  label?: string;
}) {
  const images = banner.images;
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const reduced = useReducedMotion();
  const current = count ? Math.min(index, count - 1) : 0;
  const rotating = banner.swap_banner && count > 1 && !reduced;
  const running = rotating && !paused && !held.hover && !held.focus;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(
      () => setIndex((value) => (value + 1) % count),
      BANNER_LIMITS.rotateSeconds * 1000,
    );
    return () => window.clearInterval(timer);
  }, [running, count]);

  if (count === 0 || (!banner.active_banner && !preview)) return null;
  const go = (step: number) => setIndex((current + step + count) % count);
  const first = images[0];
  const ratio = banner.full_height_hover ? `${first.width} / ${first.height}` : `${BANNER_LIMITS.stripRatio} / 1`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className="pr-banner"
      aria-roledescription="carousel"
      aria-label={label}
      data-full-height={banner.full_height_hover || undefined}
      data-nav-on-hover={!banner.nav_button_visible || undefined}
      data-testid="banner-carousel"
      style={{ backgroundColor: banner.background_color }}
      onMouseEnter={() => setHeld((value) => ({ ...value, hover: true }))}
      onMouseLeave={() => setHeld((value) => ({ ...value, hover: false }))}
      onFocus={() => setHeld((value) => ({ ...value, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          setHeld((value) => ({ ...value, focus: false }));
      }}
      onKeyDown={onKeyDown}
    >
      <div className="pr-banner-viewport" style={{ aspectRatio: ratio }} aria-live={running ? 'off' : 'polite'}>
        {images.map((image, position) => (
          <div
            key={image.id}
            className="pr-banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            hidden={position !== current}
          >
            <img
              src={image.large}
              srcSet={image.small ? `${image.small} 800w, ${image.large} ${image.width}w` : undefined}
              sizes="(max-width: 800px) 100vw, 1200px"
              width={image.width}
              height={image.height}
              alt={count > 1 ? `${banner.alt_tag} (${position + 1} of ${count})` : banner.alt_tag}
              loading={position === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </div>
        ))}
      </div>
      {banner.navigation_button && count > 1 && (
        <>
          <button
            type="button"
            className="pr-banner-nav pr-banner-prev"
            aria-label="Previous image"
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="pr-banner-nav pr-banner-next" aria-label="Next image" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      {banner.indicator_banner && count > 1 && (
        <div className="pr-banner-dots">
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              className="pr-banner-dot"
              aria-label={`Show image ${position + 1} of ${count}`}
              aria-current={position === current}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      )}
      {rotating && (
        <button type="button" className="pr-banner-pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          Pause banner
        </button>
      )}
    </section>
  );
}
