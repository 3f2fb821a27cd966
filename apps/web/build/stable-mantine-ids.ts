import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's useId renders every component that uses it twice: with React's id, then, from a layout
 * effect, with a random one (a fallback for React 17, which had no useId). On a hydrated page that is
 * a synchronous second render of every input, accordion and menu in the hydration's commit, and a
 * changed id on each (decision 029). React's useId is the same on the server and in the browser and
 * unique within the app, so the ids are taken from it alone; an id given as a prop still wins.
 */
const STABLE_USE_ID = `
import { useId as useReactId } from 'react';

export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

export function stableMantineIds(): Plugin {
  return {
    name: 'tradeloop-stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id) ? STABLE_USE_ID : null;
    },
  };
}
