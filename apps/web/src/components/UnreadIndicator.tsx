import type { ReactNode } from 'react';
import { Indicator } from '@mantine/core';

/** The red count on a header button (messages, notifications); hidden at zero, "99+" above 99. */
export function UnreadIndicator({ count, testId, children }: { count: number; testId: string; children: ReactNode }) {
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="red"
      offset={6}
      disabled={count === 0}
      data-testid={testId}
    >
      {children}
    </Indicator>
  );
}
