import { Box } from '@mantine/core';
import { useNavigation } from 'react-router';

/** A thin bar at the top while a navigation loads its page. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      pos="fixed"
      top={0}
      left={0}
      h={3}
      bg="accent.5"
      style={{
        zIndex: 1000,
        width: '100%',
        animation: 'tl-progress 1.2s ease-in-out infinite',
        transformOrigin: 'left',
      }}
    />
  );
}
