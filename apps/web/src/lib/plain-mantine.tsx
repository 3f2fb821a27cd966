import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Mantine's markup for the few components every product card repeats, written out: the same classes,
 * data attributes and CSS variables Mantine's own components write with the app's theme, so Mantine's
 * stylesheet styles them, without Mantine's hooks (theme, props, style props, class names) on every card
 * of every cold render (issue 39: they were a third of a list page's render). `plain-mantine.test.tsx`
 * renders each beside the Mantine component it stands for and expects the same HTML, so a Mantine
 * upgrade that changes its markup fails there, not in a visitor's browser.
 */

const BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid';

function vars(values: Record<string, string>): CSSProperties {
  return values as CSSProperties;
}

function classes(...names: (string | undefined)[]) {
  return names.filter(Boolean).join(' ');
}

/** `<Card padding="sm" pos="relative">` with the theme's card defaults (radius lg, border, shadow xs). */
export function PlainCard({
  className,
  testId,
  children,
}: {
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const style = vars({
    '--paper-radius': 'var(--mantine-radius-lg)',
    '--paper-shadow': 'var(--mantine-shadow-xs)',
    '--card-padding': 'var(--mantine-spacing-sm)',
    position: 'relative',
  });
  return (
    <div
      style={style}
      className={classes(className, 'm_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root')}
      data-with-border="true"
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** `<Card.Section pos="relative">` as a card's first section. */
export function PlainCardSection({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: 'relative' }} className="m_599a2148 mantine-Card-section" data-first-section="true">
      {children}
    </div>
  );
}

/** `<Image className={className} width height loading fetchPriority>` (Mantine's Image is an img). */
export function PlainImage({ className, ...image }: ComponentProps<'img'>) {
  return <img className={classes(className, 'm_9e117634 mantine-Image-root')} {...image} />;
}

type BadgeLook = { variant: 'light'; color: string } | { variant: 'outline'; color: 'gray' };

/** `<Badge size="xs" variant="light" color={color}>` or `variant="outline" color="gray"`. */
export function PlainBadge({ look, children }: { look: BadgeLook; children: ReactNode }) {
  const color =
    look.variant === 'light' ? `var(--mantine-color-${look.color}-light-color)` : 'var(--mantine-color-gray-outline)';
  const style = vars({
    '--badge-height': 'var(--badge-height-xs)',
    '--badge-padding-x': 'var(--badge-padding-x-xs)',
    '--badge-fz': 'var(--badge-fz-xs)',
    '--badge-bg': look.variant === 'light' ? `var(--mantine-color-${look.color}-light)` : 'transparent',
    '--badge-color': color,
    '--badge-bd': look.variant === 'light' ? `${BORDER} transparent` : `${BORDER} ${color}`,
  });
  return (
    <div style={style} className="m_347db0ec mantine-Badge-root" data-variant={look.variant} data-size="xs">
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

type LinkLook = { to: string; label: string; title?: string; track: string; className?: string };

/** `<ActionIcon component={Link} variant="default" radius="xl" size={size}>` (size: one of Mantine's names). */
export function PlainIconLink({
  to,
  label,
  title,
  track,
  className,
  size,
  children,
}: LinkLook & { size: string; children: ReactNode }) {
  const style = vars({
    '--ai-size': `var(--ai-size-${size})`,
    '--ai-radius': 'var(--mantine-radius-xl)',
    '--ai-bg': 'var(--mantine-color-default)',
    '--ai-hover': 'var(--mantine-color-default-hover)',
    '--ai-color': 'var(--mantine-color-default-color)',
    '--ai-bd': `${BORDER} var(--mantine-color-default-border)`,
  });
  return (
    <Link
      style={style}
      className={classes(
        'mantine-focus-auto mantine-active',
        className,
        'm_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      data-variant="default"
      data-size={size}
      aria-label={label}
      title={title}
      data-track={track}
      to={to}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </Link>
  );
}

/** `<Button component={Link} size="compact-sm" variant="light" leftSection={icon} fullWidth={block}>`. */
export function PlainButtonLink({
  to,
  label,
  track,
  className,
  icon,
  block = false,
  children,
}: LinkLook & { icon: ReactNode; block?: boolean; children: ReactNode }) {
  const style = vars({
    '--button-height': 'var(--button-height-compact-sm)',
    '--button-padding-x': 'var(--button-padding-x-compact-sm)',
    '--button-fz': 'var(--mantine-font-size-sm)',
    '--button-radius': 'var(--mantine-radius-md)',
    '--button-bg': 'var(--mantine-color-brand-light)',
    '--button-hover': 'var(--mantine-color-brand-light-hover)',
    '--button-color': 'var(--mantine-color-brand-light-color)',
    '--button-bd': `${BORDER} transparent`,
  });
  return (
    <Link
      style={style}
      className={classes(
        'mantine-focus-auto mantine-active',
        className,
        'm_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      data-variant="light"
      data-size="compact-sm"
      data-block={block ? 'true' : undefined}
      data-with-left-section="true"
      aria-label={label}
      data-track={track}
      to={to}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {icon}
        </span>
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </Link>
  );
}
