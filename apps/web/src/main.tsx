import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
// The public pages' styles go with the entry, so the served head links them: a route's own CSS
// arrives only with its lazy chunk, after the server's HTML has painted (decision 029).
import './features/market/market.css';
import './features/promotion/promotion.css';
import './features/blogs/blogs.css';
import { SERVED_PAGE_ELEMENT_ID } from './app/served-page.ts';

/**
 * The entry is only the styles and this: a page the server rendered (decision 029) is painted
 * before its JavaScript is fetched, so the stylesheet, the HTML and the first pictures have the
 * connection to themselves on a slow network; links work meanwhile and the controls wait in their
 * disabled fieldset. Any other page (client-rendered) starts at once: the app's modules are
 * preloaded from the head (build/preload-app.ts).
 */
function afterFirstPaint(): Promise<void> {
  // A page opened in a background tab paints when shown; it need not wait for that to hydrate.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function boot() {
  if (document.getElementById(SERVED_PAGE_ELEMENT_ID)) await afterFirstPaint();
  const { start } = await import('./start.tsx');
  await start();
}

void boot();
