import { Group, Text } from '@mantine/core';

/** The TradeLoop mark and word mark. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" aria-hidden>
      <svg width="30" height="30" viewBox="0 0 32 32" role="presentation">
        <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : 'var(--mantine-color-brand-7)'} />
        <path
          d="M9 11.5a6.5 6.5 0 0 1 11.6-4l-2.2 1.7A3.7 3.7 0 0 0 11.8 11.5v9a3.7 3.7 0 0 0 6.6 2.3l2.2 1.7A6.5 6.5 0 0 1 9 20.5z"
          fill={inverted ? 'var(--mantine-color-brand-7)' : '#fff'}
        />
        <circle cx="22" cy="16" r="3.2" fill="var(--mantine-color-accent-5)" />
      </svg>
      <Text fw={800} fz={20} lts={-0.5} c={inverted ? 'white' : 'dark.8'}>
        Trade
        <Text span inherit c={inverted ? 'accent.3' : 'brand.7'}>
          Loop
        </Text>
      </Text>
    </Group>
  );
}
