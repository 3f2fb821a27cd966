import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Link } from 'react-router';
import { ActionIcon, Badge, Button, Card, Image, MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import {
  PlainBadge,
  PlainButtonLink,
  PlainCard,
  PlainCardSection,
  PlainIconLink,
  PlainImage,
} from './plain-mantine.tsx';

/** The HTML of `node` in the app's theme, inside a router (the links are the router's). */
function html(node: ReactNode) {
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

/** What the provider writes around every render (its style tags), so the comparison is of the component. */
function component(node: ReactNode) {
  return html(node).replace(/<style[\s\S]*?<\/style>/g, '');
}

describe('Mantine markup written out (issue 39)', () => {
  it('writes a card and its first section as Mantine’s Card does with the theme', () => {
    expect(
      component(
        <PlainCard className="mk-card" testId="product-card">
          <PlainCardSection>picture</PlainCardSection>
          <div>body</div>
        </PlainCard>,
      ),
    ).toBe(
      component(
        <Card className="mk-card" padding="sm" data-testid="product-card" pos="relative">
          <Card.Section pos="relative">picture</Card.Section>
          <div>body</div>
        </Card>,
      ),
    );
  });

  it('writes light and outline badges as Mantine’s Badge does', () => {
    for (const color of ['teal', 'grape', 'gray']) {
      expect(component(<PlainBadge look={{ variant: 'light', color }}>In stock</PlainBadge>)).toBe(
        component(
          <Badge size="xs" variant="light" color={color}>
            In stock
          </Badge>,
        ),
      );
    }
    expect(component(<PlainBadge look={{ variant: 'outline', color: 'gray' }}>Grundfos</PlainBadge>)).toBe(
      component(
        <Badge size="xs" variant="outline" color="gray">
          Grundfos
        </Badge>,
      ),
    );
  });

  it('writes a picture as Mantine’s Image does', () => {
    const picture = { src: '/p.webp', alt: '', width: 400, height: 400, loading: 'lazy' as const };
    expect(component(<PlainImage className="mk-thumb" {...picture} />)).toBe(
      component(<Image className="mk-thumb" {...picture} />),
    );
  });

  it('writes the icon link and the button link as Mantine’s ActionIcon and Button do', () => {
    for (const size of ['md', 'lg']) {
      expect(
        component(
          <PlainIconLink
            to="/user/signin"
            label="Add Pump"
            title="Sign in"
            track="wish"
            className="mk-above"
            size={size}
          >
            <svg />
          </PlainIconLink>,
        ),
      ).toBe(
        component(
          <ActionIcon
            component={Link}
            to="/user/signin"
            variant="default"
            radius="xl"
            size={size}
            aria-label="Add Pump"
            title="Sign in"
            className="mk-above"
            data-track="wish"
          >
            <svg />
          </ActionIcon>,
        ),
      );
    }
    for (const block of [true, false]) {
      expect(
        component(
          <PlainButtonLink
            to="/chat"
            label="Chat now with Acme"
            track="chat-now"
            className="mk-above"
            icon={<svg />}
            block={block}
          >
            Chat now
          </PlainButtonLink>,
        ),
      ).toBe(
        component(
          <Button
            component={Link}
            to="/chat"
            leftSection={<svg />}
            aria-label="Chat now with Acme"
            data-track="chat-now"
            size="compact-sm"
            variant="light"
            fullWidth={block}
            className="mk-above"
          >
            Chat now
          </Button>,
        ),
      );
    }
  });
});
