import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { createProductAs, inStockProduct, loadRefs } from '../catalog/test-fixtures.ts';
import { sellerOf } from '../market/test-fixtures.ts';
import { submitEnquiry } from '../quotes/test-support.ts';

/**
 * Issue 44, acceptance 3 and 5: the quotation and the invoices as PDFs (their text read back with poppler's
 * pdftotext) hold the numbers, lines, totals, taxes and both parties' addresses, equal to the API's to the
 * cent; they reach the buyer as e-mail attachments through a real SMTP server; only the parties download them.
 */
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let productId: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-pdf-'));

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tradeloop.example' });
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Pune Pumps', type: 'Manufacturers', country: 'IN' });
  buyer = await signUp(app, 'buyer');
  stranger = await signUp(app, 'buyer');
  productId = (await createProductAs(app, seller, inStockProduct(refs))).id;
  const profile = await as(app, seller, {
    method: 'POST',
    url: '/api/v1/company_profile/update',
    payload: {
      reg_street_address: 'Plot 14, MIDC Bhosari',
      registration_city: 'Pune',
      registration_postalcode: '411026',
      reg_region_state_province: 'Maharashtra',
    },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const billing = await as(app, buyer, {
    method: 'PATCH',
    url: '/api/v1/profile/updateProfile',
    payload: { street_address: 'Friedrichstrasse 120', postal_code: '10117', city: 'Berlin', country: 'DE' },
  });
  expect(billing.statusCode, billing.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The text of a PDF, as poppler's pdftotext reads it (reading order, columns kept apart). */
function pdfText(pdf: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The PDF attachments of a raw MIME message (base64 parts of type application/pdf). */
function pdfAttachments(raw: string): { filename: string; pdf: Buffer }[] {
  return raw
    .split(/\r?\n--[^\r\n]+/)
    .filter((part) => /content-type:\s*application\/pdf/i.test(part))
    .map((part) => {
      const [head, ...body] = part.split(/\r?\n\r?\n/);
      const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
      return { filename, pdf: Buffer.from(body.join('').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64') };
    });
}

const mailTo = (address: string, subject: RegExp) =>
  smtp.received.filter((mail) => mail.to.includes(address) && subject.test(mail.data));

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('quotation and invoice PDFs', () => {
  it('prints what the API says, mails it to the buyer as an attachment and lets only the parties download it', async () => {
    const enquiryId = await submitEnquiry(app, buyer, seller, { id: productId, name: 'Pump' });
    const created = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/quotations',
      payload: {
        enquiry_id: enquiryId,
        lines: [
          {
            description: 'Centrifugal pump 5 HP',
            quantity: 20,
            unit: 'pcs',
            unit_price: '199.99',
            discount_percent: 5,
            tax_label: 'VAT',
            tax_rate: 19,
          },
          { description: 'Ball valve DN50', quantity: 1, unit: 'pcs', unit_price: '210.00' },
        ],
        price_term: 'CIF',
        payment_terms: '30 % advance',
        delivery_port: 'Hamburg',
        valid_until: inFuture(10),
        seller_tax_id: 'IN27AAAPL1234C1Z5',
        buyer_tax_id: 'DE123456789',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const quotation = created.json().data;
    const current = quotation.versions[0];

    // The e-mail with the quotation attached reached the SMTP server.
    const [mail] = mailTo(buyer.email, /Quotation Q-000001 v1/);
    expect(mail).toBeDefined();
    const [attached] = pdfAttachments(mail.data);
    expect(attached.filename).toBe('Q-000001-v1.pdf');
    const mailed = pdfText(attached.pdf);

    // The same document, downloaded by the buyer.
    const download = await as(app, buyer, { method: 'GET', url: `/api/v1/quotations/${quotation.id}/pdf` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(download.rawPayload);
    for (const printed of [text, mailed]) {
      expect(printed).toContain('Quotation Q-000001 v1');
      expect(printed).toContain('Centrifugal pump 5 HP');
      expect(printed).toContain('Ball valve DN50');
      for (const line of current.lines) {
        expect(printed).toContain(line.unit_price);
        expect(printed).toContain(line.net);
        expect(printed).toContain(line.total);
      }
      expect(current).toMatchObject({ subtotal: '4009.81', tax: '721.96', total: '4731.77' });
      expect(printed).toMatch(new RegExp(`Total\\s+USD ${current.total}`));
      expect(printed).toMatch(new RegExp(`Tax\\s+USD ${current.tax}`));
      expect(printed).toMatch(new RegExp(`Subtotal\\s+USD ${current.subtotal}`));
      expect(printed).toContain('VAT 19% on 3799.81');
      expect(printed).toContain('Plot 14, MIDC Bhosari');
      expect(printed).toContain('411026 Pune');
      expect(printed).toContain('Friedrichstrasse 120');
      expect(printed).toContain('10117 Berlin');
      expect(printed).toContain('IN27AAAPL1234C1Z5');
      expect(printed).toContain('DE123456789');
    }
    expect((await as(app, stranger, { method: 'GET', url: `/api/v1/quotations/${quotation.id}/pdf` })).statusCode).toBe(
      404,
    );

    // Accepting issues the proforma: mailed and downloadable, with what is due.
    const accepted = await as(app, buyer, {
      method: 'POST',
      url: `/api/v1/quotations/${quotation.id}/accept`,
      payload: { version: 1 },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const orderId = accepted.json().data.order_id;
    const order = (await as(app, buyer, { method: 'GET', url: `/api/v1/orders/bought/${orderId}` })).json().data;
    const proforma = order.invoices[0];
    const [invoiceMail] = mailTo(buyer.email, /Proforma invoice PF-000001/);
    expect(invoiceMail).toBeDefined();
    const [invoiceAttached] = pdfAttachments(invoiceMail.data);
    expect(invoiceAttached.filename).toBe('PF-000001.pdf');
    const invoiceDownload = await as(app, buyer, { method: 'GET', url: `/api/v1/invoices/${proforma.id}/pdf` });
    expect(invoiceDownload.statusCode).toBe(200);
    for (const printed of [pdfText(invoiceAttached.pdf), pdfText(invoiceDownload.rawPayload)]) {
      expect(printed).toContain('Proforma invoice PF-000001');
      expect(printed).toContain(`${order.number} (quotation Q-000001 v1)`);
      expect(printed).toMatch(new RegExp(`Total\\s+USD ${proforma.total}`));
      expect(printed).toMatch(new RegExp(`Balance due\\s+USD ${proforma.balance_due}`));
      expect(printed).toContain('Plot 14, MIDC Bhosari');
      expect(printed).toContain('Friedrichstrasse 120');
    }
    expect(proforma.total).toBe('4731.77');
    expect((await as(app, seller, { method: 'GET', url: `/api/v1/invoices/${proforma.id}/pdf` })).statusCode).toBe(200);
    expect((await as(app, stranger, { method: 'GET', url: `/api/v1/invoices/${proforma.id}/pdf` })).statusCode).toBe(
      404,
    );
  });
});
