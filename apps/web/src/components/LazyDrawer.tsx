import { lazy, Suspense, useState } from 'react';
import type { DrawerProps } from '@mantine/core';

const Drawer = lazy(() => import('./DrawerModule.tsx'));

/**
 * Mantine's Drawer, loaded the first time it opens: public pages keep the modal layer (focus trap,
 * scroll lock, portal, transitions) out of their first load (decision 029). Once loaded it stays
 * mounted, so later openings and every closing animate as usual.
 */
export function LazyDrawer(props: DrawerProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
