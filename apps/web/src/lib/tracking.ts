import { useEffect } from 'react';
import { TRACKING, trackedClickName, type ScrollThreshold } from '@tradeloop/contracts/tracking';
import { ActiveTime } from './active-time.ts';
import { API_BASES } from './api-client.ts';
import { getSessionId, touchActivity } from './activity.ts';
import { getSession } from './session.ts';
import { randomId, readLocal, writeLocal } from './storage.ts';

/*
 * The one tracker of the app (docs/decisions/031). It records page views (the server answers a tracking
 * id), clicks on elements whose `data-track` names a tracked click, and each new, greater scroll
 * threshold (25, 50, 75, 99 %, debounced 100 ms). Clicks and scrolls wait in memory and leave together
 * with the time on page: every few seconds, when the page changes, and with navigator.sendBeacon when the
 * page is hidden, so leaving loses nothing and no page ever waits on tracking. Do Not Track or Global
 * Privacy Control turn it off entirely. The number of open tabs is kept in local storage, never below 0.
 */

export type PageDetails = {
  page_name: string;
  type: string;
  product_id?: number | null;
  product_slug?: string | null;
  product_categories?: string[];
};

type Click = { element_type: string; url: string; at: string };
type Scroll = { scroll_position: ScrollThreshold; position_type: 'percent'; page_height: number; at: string };

type Page = {
  /** The server's tracking id, once the view is recorded. */
  id: string | null;
  /** Settles when the view's answer came (with or without an id). */
  ready: Promise<unknown>;
  startedAt: number;
  /** The time the person was active on the page (movement, scrolling, typing): what time on page reports. */
  active: ActiveTime;
  deepest: number;
  clicks: Click[];
  scrolls: Scroll[];
};

const api = (path: string) => `${API_BASES.v1}/${path}`;

export function trackingAllowed(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const windowDnt = (window as Window & { doNotTrack?: string }).doNotTrack;
  return !(
    nav.doNotTrack === '1' ||
    windowDnt === '1' ||
    nav.msDoNotTrack === '1' ||
    nav.globalPrivacyControl === true
  );
}

/**
 * The session of spec section 9: the `sessionId` cookie that lib/activity.ts renews after 5 minutes
 * without activity. A session the tracker has not seen before is announced with session-start.
 */
function sessionId(): string {
  touchActivity();
  const current = getSessionId() ?? randomId();
  if (readLocal(TRACKING.storage.sessionId) !== current) {
    writeLocal(TRACKING.storage.sessionId, current);
    void send('session-start', { session_id: current, page_url: location.href, referrer: document.referrer || null });
  }
  return current;
}

/** The open-tab counter: +1 when a tab opens (or comes back from the back-forward cache), −1 when hidden for good. */
export function changeOpenTabs(delta: 1 | -1) {
  const count = Math.max(0, Number(readLocal(TRACKING.storage.openTabs) ?? 0) + delta);
  writeLocal(TRACKING.storage.openTabs, String(Number.isFinite(count) ? count : 0));
  return count;
}

async function send(path: string, body: object, withToken = false): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const { token } = getSession();
  if (withToken && token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(api(path), { method: 'POST', headers, body: JSON.stringify(body), keepalive: true });
    return response.ok ? await response.json() : null;
  } catch {
    return null; // tracking never disturbs the page
  }
}

/** The share of the page scrolled, in percent (0 when it does not scroll). */
function scrolledPercent() {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, (window.scrollY / scrollable) * 100);
}

let page: Page | null = null;
let started = false;
let scrollTimer: ReturnType<typeof setTimeout> | undefined;

function visitBody(current: Page, final: boolean) {
  const body = {
    session_id: sessionId(),
    page_id: current.id,
    // Active time, not the wall clock: a tab left open and idle adds nothing (decision 051).
    time_on_page: Math.min(Math.round(current.active.ms()), 6 * 60 * 60 * 1000),
    clicks: current.clicks.splice(0, 50),
    scrolls: current.scrolls.splice(0, 50),
  };
  if (!final && body.clicks.length === 0 && body.scrolls.length === 0) return null;
  return body;
}

/** Sends what the page holds; `beacon` when the page is being hidden or left. */
function flush(current: Page | null, options: { final: boolean; beacon?: boolean }) {
  if (!current) return;
  if (!current.id) {
    // The view's id is on its way: a page left that quickly sends once it is known (not possible while hiding).
    if (!options.beacon) void current.ready.then(() => current.id && flush(current, options));
    return;
  }
  const body = visitBody(current, options.final);
  if (!body) return;
  if (options.beacon && typeof navigator.sendBeacon === 'function') {
    const sent = navigator.sendBeacon(
      api('page-visit'),
      new Blob([JSON.stringify(body)], { type: 'application/json' }),
    );
    if (sent) return;
  }
  void send('page-visit', body);
}

function handleScroll() {
  page?.active.activity();
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    const current = page;
    if (!current) return;
    const percent = scrolledPercent();
    for (const threshold of TRACKING.scrollThresholds) {
      if (threshold > current.deepest && percent >= threshold) {
        current.deepest = threshold;
        current.scrolls.push({
          scroll_position: threshold,
          position_type: 'percent',
          page_height: document.documentElement.scrollHeight,
          at: new Date().toISOString(),
        });
      }
    }
  }, TRACKING.scrollDebounceMs);
}

function handleClick(event: MouseEvent) {
  page?.active.activity();
  const current = page;
  const target = event.target instanceof Element ? event.target.closest('[data-track]') : null;
  if (!current || !target) return;
  const name = trackedClickName(target.getAttribute('data-track') ?? '');
  if (!name) return;
  current.clicks.push({ element_type: name, url: location.href, at: new Date().toISOString() });
}

function handleVisibility() {
  if (document.visibilityState === 'hidden') {
    page?.active.hide();
    flush(page, { final: true, beacon: true });
  } else page?.active.show();
}

function handlePointerMove(event: PointerEvent) {
  page?.active.pointer(event.clientX, event.clientY);
}

function handleKey() {
  page?.active.activity();
}

function handlePageHide() {
  flush(page, { final: true, beacon: true });
  changeOpenTabs(-1);
}

function handlePageShow(event: PageTransitionEvent) {
  if (event.persisted) changeOpenTabs(1);
}

function start() {
  if (started) return;
  started = true;
  changeOpenTabs(1);
  window.addEventListener('scroll', handleScroll, { passive: true });
  document.addEventListener('click', handleClick, { capture: true });
  document.addEventListener('pointermove', handlePointerMove, { passive: true });
  document.addEventListener('keydown', handleKey, { passive: true });
  document.addEventListener('visibilitychange', handleVisibility);
  window.addEventListener('pagehide', handlePageHide);
  window.addEventListener('pageshow', handlePageShow);
  setInterval(() => flush(page, { final: false }), TRACKING.flushMs);
}

/**
 * A new page: the previous one is sent with its time on page, then the view is recorded (signed in
 * when a token exists) and the events of this page are held until its tracking id is known.
 */
export function trackPageView(details: PageDetails) {
  if (!trackingAllowed()) return;
  // A task of its own: a page's first render (hydration included) never waits on tracking.
  setTimeout(() => recordPageView(details), 0);
}

function recordPageView(details: PageDetails) {
  start();
  flush(page, { final: true });
  const current: Page = {
    id: null,
    ready: Promise.resolve(),
    startedAt: Date.now(),
    active: new ActiveTime(() => Date.now(), undefined, document.visibilityState !== 'hidden'),
    deepest: 0,
    clicks: [],
    scrolls: [],
  };
  page = current;
  current.ready = send(
    'auth/tracking-page-views',
    {
      session_id: sessionId(),
      page_url: location.href.slice(0, 2048),
      user_agent: navigator.userAgent,
      ...details,
    },
    true,
  ).then((answer) => {
    const id = (answer as { data?: { tracking_id?: string } } | null)?.data?.tracking_id;
    if (id) current.id = id;
  });
}

/** Pages that describe themselves (a product page, once its product is loaded); others are recorded by path. */
export const SELF_DESCRIBED_PAGES = /^\/productdetail\//;

/** The page name of a path: its first segment ("home" for "/"). */
export function pageNameOf(pathname: string) {
  return pathname.split('/').filter(Boolean)[0] ?? 'home';
}

/** One page view per product shown (the product page calls it once its product is known). */
export function useTrackedProduct(product: { id: number; slug: string; categories: { name: string }[] } | undefined) {
  const id = product?.id;
  useEffect(() => {
    if (!product) return;
    trackPageView({
      page_name: 'productdetail',
      type: 'product',
      product_id: product.id,
      product_slug: product.slug,
      product_categories: product.categories.map((category) => category.name).slice(0, 20),
    });
    // One view per product, not one per refetch of the same product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}
