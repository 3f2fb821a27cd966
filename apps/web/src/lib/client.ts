import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while React renders on the server or hydrates the server's HTML (decision 029), true once
 * the page runs in the browser: what only the browser knows renders after hydration, so the
 * first render matches the HTML.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

/** The page's origin for absolute links (sharing); empty (relative links) until the page runs. */
export function useOrigin(): string {
  return useInBrowser() ? window.location.origin : '';
}
