import fs from 'node:fs';
import os from 'node:os';
import { table, type Figures } from './lib.ts';
import { catalogScenarios } from './scenarios/catalog.ts';
import { chatScenarios } from './scenarios/chat.ts';
import { crmScenarios } from './scenarios/crm.ts';
import { crmWorkScenarios } from './scenarios/crm-work.ts';
import { loopScenarios } from './scenarios/loop.ts';
import { MARKET_PRODUCTS, marketScenarios } from './scenarios/market.ts';
import { miniSiteScenarios } from './scenarios/mini-site.ts';
import { platformScenarios } from './scenarios/platform.ts';
import { scoringScenarios } from './scenarios/scoring.ts';
import { ssrScenarios } from './scenarios/ssr.ts';
import { statisticsScenarios } from './scenarios/statistics.ts';
import { trackingScenarios } from './scenarios/tracking.ts';

/**
 * npm run bench: every capability's scenarios beside a baseline measured in the same run.
 * BENCH_SECONDS sets each measurement's length; DATABASE_URL runs the app on PostgreSQL.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databaseUrl = process.env.DATABASE_URL || undefined;
/** BENCH_ONLY=crm,market runs only those sections (platform, catalog, crm, crm-work, scoring, statistics, loop, tracking, market, ssr, mini-site, chat). */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);

const sections: [string, Figures[], string[]?][] = [];
if (wanted('platform')) sections.push(['Platform', await platformScenarios({ seconds, databaseUrl })]);
if (wanted('catalog')) sections.push(['Catalogue', await catalogScenarios({ seconds, databaseUrl })]);

if (wanted('crm')) {
  const crmLeads = Number(process.env.CRM_BENCH_LEADS ?? 1_000_000);
  const crmSellerLeads = Math.round(crmLeads / 5);
  const crmNotes = { lines: [] as string[] };
  sections.push([
    `CRM: crm/data_listing, one seller with ${crmSellerLeads.toLocaleString('en-US')} of ${crmLeads.toLocaleString('en-US')} leads (20 values each), 16 clients`,
    await crmScenarios({ seconds, databaseUrl }, crmNotes),
    crmNotes.lines,
  ]);
}

if (wanted('crm-work')) {
  const workNotes = { lines: [] as string[] };
  sections.push([
    'CRM work: a lead timeline of 5,000 entries (16 clients); quote request to visible lead; quotation accepted to deal won',
    await crmWorkScenarios({ seconds, databaseUrl }, workNotes),
    workNotes.lines,
  ]);
}

if (wanted('scoring')) {
  const scoringNotes = { lines: [] as string[] };
  sections.push([
    "Lead scoring: rescoring one seller's leads after a change of weights; the first list page (16 clients) beside it",
    await scoringScenarios({ seconds, databaseUrl }, scoringNotes),
    scoringNotes.lines,
  ]);
}

if (wanted('statistics')) {
  const statisticsNotes = { lines: [] as string[] };
  sections.push([
    "Seller statistics: GET crm/statistics for one seller's leads, quotes and browsing (16 clients)",
    await statisticsScenarios({ seconds, databaseUrl }, statisticsNotes),
    statisticsNotes.lines,
  ]);
}

if (wanted('loop')) {
  sections.push([
    'The loop: quote request to visible lead at 20 quotes/s, outbox beside the direct call; delivery throughput',
    await loopScenarios({ seconds, databaseUrl }),
  ]);
}

if (wanted('tracking')) {
  const trackingNotes = { lines: [] as string[] };
  sections.push([
    'Tracking: 2,000 calls/s from 200 sessions beside GET currency; crm/tracking/report over a large event set',
    await trackingScenarios({ seconds, databaseUrl }, trackingNotes),
    trackingNotes.lines,
  ]);
}

// About two minutes on PGlite (the 100,000 products are generated in memory each run); PostgreSQL keeps them.
// MARKET_BENCH_PRODUCTS=1000000 (or 5000000) builds a larger catalogue once, in a database of its own.
if (wanted('market')) {
  const marketNotes = { lines: [] as string[] };
  sections.push([
    `Marketplace search: ${MARKET_PRODUCTS.toLocaleString('en-US')} products (POST front/product/list)`,
    await marketScenarios({ seconds, databaseUrl }, marketNotes),
    marketNotes.lines,
  ]);
}

if (wanted('ssr')) {
  const ssrNotes = { lines: [] as string[] };
  sections.push([
    'Server-rendered public pages (demo marketplace, 32 clients, brotli accepted): first byte and full answer beside the JSON search, with the page cache (warm) and without (cold); edit to visible',
    await ssrScenarios({ seconds, databaseUrl }, ssrNotes),
    ssrNotes.lines,
  ]);
}

if (wanted('mini-site')) {
  const miniSiteNotes = { lines: [] as string[] };
  sections.push([
    "A seller's mini-site: 2,000 products and 500 reviews (32 clients, brotli accepted), first byte and full answer beside one of its product pages",
    await miniSiteScenarios({ seconds, databaseUrl }, miniSiteNotes),
    miniSiteNotes.lines,
  ]);
}

// The chat scenario takes about two and a half minutes (2,000 sockets, 2 × 30 s of load): opt in with BENCH_CHAT=1.
if (process.env.BENCH_CHAT === '1' && wanted('chat')) {
  sections.push([
    'Chat: 2 instances + Redis, 2,000 sockets in 1,000 rooms, 500 msg/s (msg/s delivered; ms send→arrival; errors = lost)',
    await chatScenarios({ databaseUrl }),
  ]);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = [
  `# Benchmark ${new Date().toISOString()}`,
  '',
  `Machine: ${machine}. Database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}. ${seconds} s per scenario.`,
  ...sections.flatMap(([name, rows, notes]) => [
    '',
    `## ${name}`,
    '',
    table(rows),
    ...(notes?.length ? ['', ...notes] : []),
  ]),
  '',
].join('\n');

console.log(report);
fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
fs.writeFileSync(new URL('./results/latest.md', import.meta.url), report);
