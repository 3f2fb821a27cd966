import type { ReactNode } from 'react';
import { Stack, Tabs, type MantineSpacing } from '@mantine/core';

type TabPanelsProps = {
  /** Every tab's value: each tab controls a panel of its own (its aria-controls points at it). */
  values: readonly string[];
  /** What the open tab shows; only the open tab's panel renders it. */
  children: ReactNode;
  /** Space between the tab list and the content, as the page's stack had it. */
  gap?: MantineSpacing;
};

/**
 * The panels of tabs that filter one list (received or sent, all or blocked): the content sits in
 * the open tab's panel, so a screen reader goes from a tab to what it shows. The tabs must say
 * `keepMounted={false}` (Mantine keeps every panel's content by default, which would draw the list
 * once for each tab).
 */
export function TabPanels({ values, children, gap = 'lg' }: TabPanelsProps) {
  return values.map((value) => (
    <Tabs.Panel key={value} value={value} pt={gap}>
      <Stack gap={gap}>{children}</Stack>
    </Tabs.Panel>
  ));
}
