import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a page rendered on the server (decision 029) hands to the browser, in a JSON script element
 * (data, not code: the Content-Security-Policy allows no inline script): the router's loader state,
 * the queries the HTML shows, and the currency the server assumed for prices.
 */
export type ServedPage = { router: HydrationState; queries: DehydratedState; currency: number };

export const SERVED_PAGE_ELEMENT_ID = 'tl-served-page';

/** JSON that can sit inside a script element: `<` never appears, so nothing closes it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function servedPageScript(page: ServedPage): string {
  return `<script type="application/json" id="${SERVED_PAGE_ELEMENT_ID}">${scriptSafeJson(page)}</script>`;
}

export function readServedPage(): ServedPage | null {
  const element = document.getElementById(SERVED_PAGE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServedPage;
  } catch {
    return null;
  }
}
