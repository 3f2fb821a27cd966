import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
// The public pages' styles go with the entry, so the served head links them: a route's own CSS
// arrives only with its lazy chunk, after the server's HTML has painted (decision 029).
import './features/market/market.css';
import './features/promotion/promotion.css';
import './features/blogs/blogs.css';
import { SERVED_PAGE_ELEMENT_ID } from './app/served-page.ts';
import { yieldToBrowser } from './lib/yield.ts';

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

/**
 * The app's modules, evaluated a part at a time, each in a task of its own: evaluated at once they held
 * the main thread for one long task after a server-rendered page had painted. React first, then the
 * router, then the rest of the app.
 */
async function evaluateInSteps() {
  await import('react-dom/client');
  await yieldToBrowser();
  await import('./boot/router.ts');
  await yieldToBrowser();
}

async function boot() {
  const served = document.getElementById(SERVED_PAGE_ELEMENT_ID) !== null;
  if (served) {
    await afterFirstPaint();
    await evaluateInSteps();
  }
  const { start } = await import('./start.tsx');
  if (served) await yieldToBrowser();
  await start();
}

void boot();
