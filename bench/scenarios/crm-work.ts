import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import { createAccount } from '../../apps/server/src/modules/accounts/service.ts';
import { createProductAs, inStockProduct, loadRefs } from '../../apps/server/src/modules/catalog/test-support.ts';
import { crmTimeline } from '../../apps/server/src/modules/crm/timeline/tables.ts';
import { sellerOf } from '../../apps/server/src/modules/market/test-support.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { createSession } from '../../apps/server/src/platform/sessions.ts';
import { benchDatabaseUrl, measure, percentile, type Figures } from '../lib.ts';

/**
 * CRM work (issue 5): a lead's timeline with 5,000 entries (first page), a buyer's quote request
 * until the seller's CRM shows its lead thread, and (issue 44) a quotation's acceptance until the deal is won. Runs on a database of its own: in-memory PGlite, or a
 * PostgreSQL database created beside DATABASE_URL's and dropped afterwards.
 */
const TIMELINE_ENTRIES = 5_000;
const QUOTE_CLIENTS = 8;

async function openBenchApp(databaseUrl: string | undefined) {
  const target = await benchDatabaseUrl(databaseUrl, 'crm_work_bench');
  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: target.url });
  const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
  return { app, drop: target.drop };
}

async function json(response: Response) {
  const body = (await response.json()) as { data: unknown; message?: string };
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${body.message}`);
  return body.data;
}

/** A lead whose history holds 5,000 entries (field edits, notes, calls …), written straight into the table. */
async function leadWithLongHistory(
  app: FastifyInstance,
  base: string,
  seller: { token: string; id: number; companyId: number | null },
) {
  const headers = { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' };
  const lead = (await json(
    await fetch(`${base}/crm/v1/crm/create_record`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type_id: 1,
        values: { first_name: 'Long', last_name: 'History', company: 'Archive Ltd' },
      }),
    }),
  )) as { id: number };
  const kinds = ['field_changed', 'note', 'call', 'email_sent', 'task'] as const;
  const rows = Array.from({ length: TIMELINE_ENTRIES - 1 }, (_, index) => ({
    companyId: seller.companyId!,
    recordId: lead.id,
    kind: kinds[index % kinds.length],
    actorId: seller.id,
    summary: `Entry ${index + 1}: Company: Archive ${index} → Archive ${index + 1}`,
    details: { field: 'company', old: `Archive ${index}`, new: `Archive ${index + 1}` },
  }));
  for (let from = 0; from < rows.length; from += 1_000)
    await app.db.insert(crmTimeline).values(rows.slice(from, from + 1_000));
  return lead.id;
}

export function quoteForm(fields: Record<string, string>) {
  const boundary = '----tradeloopbench';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Buyers (one request each: a buyer may not repeat a request for the same product) send quote requests
 * from QUOTE_CLIENTS clients at once; each is timed from the submit until the seller's thread/index
 * lists a thread for its enquiry.
 */
async function quoteToLead(app: FastifyInstance, base: string, seconds: number): Promise<Figures> {
  const refs = await loadRefs(app);
  const seller = await sellerOf(app, { name: 'Bench Pumps', type: 'Manufacturers', country: 'IN' });
  const product = (await createProductAs(app, seller, inStockProduct(refs))) as { id: number };
  let buyerCount = 0;
  const nextBuyer = async () => {
    const index = (buyerCount += 1);
    const created = await app.db.transaction((tx) =>
      createAccount(tx, {
        fullName: `Bench Buyer ${index}`,
        emailId: `bench.buyer.${process.pid}.${index}@example.test`,
        passwordHash: null,
        userType: 'others',
      }),
    );
    return { id: created.userId, token: (await createSession(app.db, created.userId, {})).token };
  };
  const times: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const client = async () => {
    while (Date.now() < deadline) {
      const buyer = await nextBuyer();
      const form = quoteForm({
        unique_session_id: `bench-session-${buyer.id}`,
        seller_user_id: String(seller.id),
        enquiry_user_id: String(buyer.id),
        product_id: String(product.id),
        quantity: '5',
        price_term: 'FOB',
        product_name: 'Bench pump',
        greeting_message: 'Please quote five pumps.',
      });
      const started = performance.now();
      try {
        const submitted = (await json(
          await fetch(`${base}/api/v1/front/getQuery/submit`, {
            method: 'POST',
            headers: { authorization: `Bearer ${buyer.token}`, 'content-type': form.type },
            body: form.body,
          }),
        )) as { enquiry_ids: number[] };
        for (;;) {
          const threads = (await json(
            await fetch(`${base}/crm/v1/thread/index?sort_by=newest&per_page=20`, {
              headers: { authorization: `Bearer ${seller.token}` },
            }),
          )) as { data: { enquiry_id: number | null }[] };
          if (threads.data.some((thread) => thread.enquiry_id === submitted.enquiry_ids[0])) break;
        }
        times.push(performance.now() - started);
      } catch (error) {
        errors += 1;
        if (errors === 1) console.warn('quote bench: first failure:', error instanceof Error ? error.message : error);
      }
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: QUOTE_CLIENTS }, client));
  times.sort((a, b) => a - b);
  return {
    scenario: `quote request → lead thread visible to the seller (${QUOTE_CLIENTS} buyers at once)`,
    rps: Math.round(times.length / ((Date.now() - began) / 1000)),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    requests: times.length,
  };
}

/**
 * Issue 44, acceptance 6: a buyer accepts the seller's quotation until the seller's CRM lists the enquiry's
 * deal as "Closed Won". Each client makes its own trade first (a quote request, its lead, a quotation: the
 * deal at "Proposal"); the time runs from the accept's submit until a deals list shows the deal won.
 */
async function acceptToWon(app: FastifyInstance, base: string, seconds: number): Promise<Figures> {
  const refs = await loadRefs(app);
  const seller = await sellerOf(app, { name: 'Bench Orders', type: 'Manufacturers', country: 'IN' });
  const product = (await createProductAs(app, seller, inStockProduct(refs))) as { id: number };
  const sellerHeaders = { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' };
  let buyerCount = 0;
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const client = async () => {
    while (Date.now() < deadline) {
      const index = (buyerCount += 1);
      const created = await app.db.transaction((tx) =>
        createAccount(tx, {
          fullName: `Order Buyer ${index}`,
          emailId: `order.buyer.${process.pid}.${index}@example.test`,
          passwordHash: null,
          userType: 'others',
        }),
      );
      const buyer = { id: created.userId, token: (await createSession(app.db, created.userId, {})).token };
      try {
        const form = quoteForm({
          unique_session_id: `order-session-${buyer.id}`,
          seller_user_id: String(seller.id),
          enquiry_user_id: String(buyer.id),
          product_id: String(product.id),
          quantity: '5',
          product_name: 'Bench pump',
        });
        const submitted = (await json(
          await fetch(`${base}/api/v1/front/getQuery/submit`, {
            method: 'POST',
            headers: { authorization: `Bearer ${buyer.token}`, 'content-type': form.type },
            body: form.body,
          }),
        )) as { enquiry_ids: number[] };
        const enquiryId = submitted.enquiry_ids[0];
        // The quotation needs the lead the request makes (its deal hangs off it): wait for the thread.
        for (;;) {
          const threads = (await json(
            await fetch(`${base}/crm/v1/thread/index?sort_by=newest&per_page=50`, { headers: sellerHeaders }),
          )) as { data: { enquiry_id: number | null }[] };
          if (threads.data.some((thread) => thread.enquiry_id === enquiryId)) break;
        }
        const quotation = (await json(
          await fetch(`${base}/api/v1/quotations`, {
            method: 'POST',
            headers: sellerHeaders,
            body: JSON.stringify({
              enquiry_id: enquiryId,
              lines: [{ description: 'Bench pump', quantity: 5, unit_price: '210.00', tax_label: 'VAT', tax_rate: 19 }],
              valid_until: validUntil,
            }),
          }),
        )) as { id: number; number: string };
        const started = performance.now();
        await json(
          await fetch(`${base}/api/v1/quotations/${quotation.id}/accept`, {
            method: 'POST',
            headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ version: 1 }),
          }),
        );
        for (;;) {
          const deals = (await json(
            await fetch(`${base}/crm/v1/crm/data_listing`, {
              method: 'POST',
              headers: sellerHeaders,
              body: JSON.stringify({ type_id: 2, per_page: 50, sort: { field: 'updated_at', direction: 'desc' } }),
            }),
          )) as { data: { values: Record<string, unknown> }[] };
          const won = deals.data.some(
            (deal) => String(deal.values.deal_name).includes(quotation.number) && deal.values.stage === 'Closed Won',
          );
          if (won) break;
        }
        times.push(performance.now() - started);
      } catch (error) {
        errors += 1;
        if (errors === 1) console.warn('order bench: first failure:', error instanceof Error ? error.message : error);
      }
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: QUOTE_CLIENTS }, client));
  times.sort((a, b) => a - b);
  return {
    scenario: `quotation accepted → deal "Closed Won" in the seller's deals list (${QUOTE_CLIENTS} buyers at once)`,
    rps: Math.round(times.length / ((Date.now() - began) / 1000)),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    requests: times.length,
  };
}

export async function crmWorkScenarios(
  options: { seconds: number; databaseUrl?: string },
  notes: { lines: string[] },
): Promise<Figures[]> {
  const { app, drop } = await openBenchApp(options.databaseUrl);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const seller = await sellerOf(app, { name: 'Timeline Works', type: 'Manufacturers', country: 'DE' });
    const leadId = await leadWithLongHistory(app, base, seller);
    notes.lines.push(
      `The lead's ${TIMELINE_ENTRIES.toLocaleString('en-US')} timeline entries are inserted directly; the first page is 50 entries, newest first.`,
      `Load average when the measurements started: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} (on ${os.cpus().length} CPUs).`,
    );
    const headers = { authorization: `Bearer ${seller.token}` };
    return [
      await measure('baseline: GET /crm/v1/crm/input_fields (session, no query)', {
        url: `${base}/crm/v1/crm/input_fields`,
        headers,
        connections: 16,
        seconds: options.seconds,
      }),
      await measure(
        `GET crm/activities/list, first page of a lead with ${TIMELINE_ENTRIES.toLocaleString('en-US')} entries`,
        {
          url: `${base}/crm/v1/crm/activities/list?lead_id=${leadId}`,
          headers,
          connections: 16,
          seconds: options.seconds,
        },
      ),
      await quoteToLead(app, base, options.seconds),
      await acceptToWon(app, base, options.seconds),
    ];
  } finally {
    await app.close();
    await drop();
  }
}
