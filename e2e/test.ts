import { test as base, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * What each page showed in an alert, oldest first. Toasts close after one second (spec section 9); on a
 * loaded machine that second can fall between two looks of `toBeVisible`, so stories ask `expectShown`
 * (support.ts), which reads this record too. It lives here, not in the page's storage, which stories
 * check is cleared on signing out.
 */
const alertsShown = new WeakMap<Page, string[]>();

/** Takes the first alert of the page that contains the message (each shown alert answers one call). */
export function takeAlert(page: Page, message: string) {
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const shown = alertsShown.get(page) ?? [];
  const index = shown.findIndex((text) => normalise(text).includes(normalise(message)));
  if (index === -1) return false;
  shown.splice(index, 1);
  return true;
}

/** Runs in every document: tells the test each alert's text as it appears or changes. */
function reportAlerts() {
  const page = window as typeof window & { alertsReported?: boolean; e2eAlertShown?: (text: string) => void };
  if (page.alertsReported) return;
  page.alertsReported = true;
  const lastText = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const alert of Array.from(document.querySelectorAll('[role="alert"]'))) {
      const text = alert.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!text || lastText.get(alert) === text) continue;
      lastText.set(alert, text);
      void page.e2eAlertShown?.(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A page the server rendered looks ready before React has hydrated it: a value typed into its form then is
 * lost and a click does nothing (a loaded machine hydrates late). Each load of a document (goto, reload)
 * waits for the app's mark (apps/web/src/start.tsx); a document that is not the app (a file, JSON) has
 * no #root and is not waited for.
 */
function waitForInteractive(page: Page) {
  return page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.interactive === 'true',
  );
}

function loadsWaitForTheApp(context: BrowserContext) {
  context.on('page', (page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForInteractive(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForInteractive(page);
      return response;
    };
  });
}

/** Playwright's test, with every context (the page's own and each `browser.newContext()`) reporting alerts. */
export const test = base.extend({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.exposeBinding('e2eAlertShown', ({ page }, text: string) => {
          alertsShown.set(page, [...(alertsShown.get(page) ?? []), text]);
        });
        await context.addInitScript(reportAlerts);
        loadsWaitForTheApp(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
