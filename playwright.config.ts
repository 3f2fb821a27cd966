import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real server with demo data, on a fresh embedded database per run.
 * `npm run test:e2e` builds the web app first; the server serves apps/web/dist itself.
 * Debian's Chromium is used: Playwright's own browsers are not downloaded.
 */
/** E2E_PORT_BASE moves the seven ports (base … base + 6), so runs in several worktrees do not collide. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3196);
const PORT = PORT_BASE + 3;
const TRANSLATE_PORT = PORT_BASE + 2;
/** The SMTP server the app sends through (e2e/smtp-sink.ts); tests read what arrived over HTTP. */
const SMTP_PORT = PORT_BASE + 1;
const SMTP_INBOX_PORT = PORT_BASE;
/** The SMS gateway the app texts through (e2e/sms-gateway.ts); tests read what arrived over HTTP. */
const SMS_PORT = PORT_BASE + 4;
const BASE_URL = `http://localhost:${PORT}`;
/** The "Google" of the social sign-in test (e2e/oidc-provider.ts), a real OpenID Connect provider. */
const OIDC_PORT = PORT_BASE + 5;
const OIDC_CLIENT = { id: 'tradeloop-e2e', secret: 'tradeloop-e2e-client-secret' };
/**
 * A second app server as `npm start` runs it, with no mail or SMS provider: its development inbox is open
 * (decision 057). Without demo data, which its one story does not need.
 */
const PROVIDERLESS_PORT = PORT_BASE + 6;
const PROVIDERLESS_URL = `http://localhost:${PROVIDERLESS_PORT}`;
// Stories read both addresses (test workers inherit the environment of the runner that loads this file).
process.env.E2E_BASE_URL = BASE_URL;
process.env.E2E_PROVIDERLESS_URL = PROVIDERLESS_URL;

/**
 * A fresh data directory per run, with one folder per app server. The runner process makes it and removes
 * it when it exits (after the servers have stopped); test workers load this file too and inherit the path
 * through the env.
 */
function e2eDataDir(): string {
  const inherited = process.env.E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataDir = e2eDataDir();
/** Deliveries a story makes fail on purpose (apps/server/src/platform/job-drills.ts): the app reads, stories write. */
const JOB_DRILLS_FILE = path.join(dataDir, 'job-drills.json');
process.env.E2E_JOB_DRILLS_FILE = JOB_DRILLS_FILE;

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 900 },
  // The stories are people who asked their system for less motion: no transition to wait for or to paint.
  reducedMotion: 'reduce' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

/**
 * The stories that sign in as the demo seller or its sub-user (DEMO_ACCOUNTS) or read the demo seller's
 * records: they share those records (leads, threads, figures), so they run in order, in a worker of their
 * own, while every other story, on people it signs up itself, runs beside them. Stories that only sign
 * in as the demo buyer (auth, session, onboarding) change nothing another story reads.
 */
const ON_DEMO_ACCOUNTS = [
  'accessibility',
  'chat',
  'crm-lists',
  'crm-loop',
  'dashboard-statistics',
  'journey',
  'layout',
  'marketplace-quote',
  'mobile-verification',
  'orders-story',
  'seller-catalogs',
  'subuser',
  'subuser-public-areas',
  'tracked-clicks',
  'tracking',
].map((story) => `**/${story}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  // Two workers share the one server (decision 053): see the projects below.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  // A story that fails once is a failure to fix, not a retry to absorb: retries are 0, and the list
  // reporter names any story CI's one retry passed as flaky (decision 053 says why CI keeps one).
  retries: process.env.CI ? 1 : 0,
  // Safety nets against a hung story, not measurements (as Vitest's): one time-out for every story, and
  // one for every wait on a visible state. CI's machine has run four times slower than a quiet one: a
  // story of 90 s took six minutes there, a lead delivered through the outbox more than 20 s, and at a load
  // of 15 the app server took 10 s to send each script of a page (stop 51 and session 31: waits of 60 s
  // for a price and for a route's scripts, and of 120 s for a page to become interactive, ran out).
  timeout: 900_000,
  expect: { timeout: 120_000 },
  reporter: [
    ['list'],
    ['./e2e/slowest-stories-reporter.ts'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL: BASE_URL,
    // Nothing waits forever: a navigation or an action that hangs fails in four minutes, not at the story's end.
    navigationTimeout: 240_000,
    actionTimeout: 240_000,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Stories that sign in as the demo accounts read and change the same records: one at a time. Listed
    // first, so one worker starts on them at once while the other takes the rest (their queue is in order).
    { name: 'chromium, demo accounts', testMatch: ON_DEMO_ACCOUNTS, workers: 1, use: CHROMIUM },
    // Stories whose people, products and records are their own run side by side.
    { name: 'chromium', testIgnore: ON_DEMO_ACCOUNTS, use: CHROMIUM },
  ],
  webServer: [
    // The chat's translation goes through this local LibreTranslate stand-in.
    {
      command: 'node e2e/fake-translate.ts',
      url: `http://127.0.0.1:${TRANSLATE_PORT}/languages`,
      reuseExistingServer: false,
      env: { PORT: String(TRANSLATE_PORT) },
    },
    {
      command: 'node e2e/smtp-sink.ts',
      url: `http://127.0.0.1:${SMTP_INBOX_PORT}/messages`,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(SMTP_INBOX_PORT) },
    },
    {
      command: 'node e2e/sms-gateway.ts',
      url: `http://127.0.0.1:${SMS_PORT}/messages`,
      reuseExistingServer: false,
      env: { PORT: String(SMS_PORT) },
    },
    {
      command: 'node e2e/oidc-provider.ts',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: {
        PORT: String(OIDC_PORT),
        CLIENT_ID: OIDC_CLIENT.id,
        CLIENT_SECRET: OIDC_CLIENT.secret,
        REDIRECT_URI: `${BASE_URL}/api/v1/auth/social/google/callback`,
      },
    },
    {
      command: 'node apps/server/src/main.ts',
      url: `${BASE_URL}/api/v1/currency`,
      // A safety net, not a measurement: migrations and demo data take minutes on a loaded machine.
      timeout: 300_000,
      reuseExistingServer: false,
      // Warnings only (LOG_LEVEL): a slow request or a stalled event loop shows beside a story that failed.
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: path.join(dataDir, 'app'),
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: BASE_URL,
        TRANSLATE_URL: `http://127.0.0.1:${TRANSLATE_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMS_URL: `http://127.0.0.1:${SMS_PORT}/sms`,
        // Every story's people sign up from this machine's one address (e2e/support.ts signUp).
        SIGNUP_LIMIT_PER_ADDRESS: '1000',
        GOOGLE_OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        JOB_DRILLS_FILE,
      },
    },
    {
      command: 'node apps/server/src/main.ts',
      url: `${PROVIDERLESS_URL}/api/v1/currency`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PROVIDERLESS_PORT),
        DATA_DIR: path.join(dataDir, 'providerless'),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: PROVIDERLESS_URL,
      },
    },
  ],
});
