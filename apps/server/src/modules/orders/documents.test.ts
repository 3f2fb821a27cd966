import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { COMPANY_PROFILE_MESSAGES } from '@tradeloop/contracts/company-profile';
import { createProductAs, inStockProduct, loadRefs, multipart, picture } from '../catalog/test-support.ts';
import { findCompanies } from '../accounts/public.ts';
import { sellerOf } from '../market/test-support.ts';
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
});
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

/** The images a PDF embeds (poppler's pdfimages -list: one row per image XObject drawn, after two header rows). */
function pdfImages(pdf: Buffer): { width: number; height: number }[] {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return rows.map((row) => {
    const [, , , width, height] = row.trim().split(/\s+/);
    return { width: Number(width), height: Number(height) };
  });
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
    // Without a logo the seller's name is its only mark: no image in the document.
    expect(pdfImages(download.rawPayload)).toEqual([]);

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

  it("prints the company's logo at the top of the quotation and the invoice once the seller uploads one", async () => {
    const upload = (name: string, data: Buffer, type = 'image/png') =>
      as(app, seller, {
        method: 'POST',
        url: '/api/v1/company_profile/upload',
        ...multipart({ name, data, type }, { kind: 'logo' }),
      });
    // An SVG is refused (pdfkit prints PNG and JPEG; a raster holds no script), so is a logo above 2 MB.
    const svg = await upload(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors).toEqual({ file: [COMPANY_PROFILE_MESSAGES.logoType] });
    const huge = Buffer.concat([await picture('png', 300, 120), Buffer.alloc(2 * 1_048_576)]);
    const tooLarge = await upload('logo.png', huge);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual({ file: [COMPANY_PROFILE_MESSAGES.logoTooLarge] });
    // A factory picture is not a logo.
    const factory = (
      await as(app, seller, {
        method: 'POST',
        url: '/api/v1/company_profile/upload',
        ...multipart({ name: 'f.png', data: await picture('png'), type: 'image/png' }, { kind: 'factory' }),
      })
    ).json().data;
    const wrong = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/company_profile/update',
      payload: { logo_image_id: factory.id },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ logo_image_id: [COMPANY_PROFILE_MESSAGES.logoNotFound] });

    const uploaded = await upload('logo.png', await picture('png', 1200, 480));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const logo = uploaded.json().data;
    expect(logo.kind).toBe('logo');
    const saved = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/company_profile/update',
      payload: {
        logo_image_id: logo.id,
        reg_street_address: 'Plot 14, MIDC Bhosari',
        registration_city: 'Pune',
        registration_postalcode: '411026',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.logo).toMatchObject({ id: logo.id, card: logo.card });
    // A save that leaves the logo out keeps it.
    const kept = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/company_profile/update',
      payload: { registration_city: 'Pune' },
    });
    expect(kept.json().data.logo?.id).toBe(logo.id);

    const client = await signUp(app, 'buyer');
    const enquiryId = await submitEnquiry(app, client, seller, { id: productId, name: 'Pump' });
    const created = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/quotations',
      payload: {
        enquiry_id: enquiryId,
        lines: [{ description: 'Centrifugal pump 5 HP', quantity: 2, unit_price: '199.99' }],
        valid_until: inFuture(10),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const quotation = created.json().data;
    const download = await as(app, client, { method: 'GET', url: `/api/v1/quotations/${quotation.id}/pdf` });
    expect(download.statusCode).toBe(200);
    // One image: the logo, as printed (at most 600 px a side, its proportions kept).
    expect(pdfImages(download.rawPayload)).toEqual([{ width: 600, height: 240 }]);
    expect(pdfText(download.rawPayload)).toContain('Pune Pumps');
    const [mail] = mailTo(client.email, new RegExp(`Quotation ${quotation.number} v1`));
    expect(pdfImages(pdfAttachments(mail.data)[0].pdf)).toHaveLength(1);

    const accepted = await as(app, client, {
      method: 'POST',
      url: `/api/v1/quotations/${quotation.id}/accept`,
      payload: { version: 1 },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = (
      await as(app, client, { method: 'GET', url: `/api/v1/orders/bought/${accepted.json().data.order_id}` })
    ).json().data;
    const invoice = await as(app, client, { method: 'GET', url: `/api/v1/invoices/${order.invoices[0].id}/pdf` });
    expect(pdfImages(invoice.rawPayload)).toEqual([{ width: 600, height: 240 }]);

    // The mini-site's header shows the logo.
    const [company] = await findCompanies(app.db, [seller.companyId!]);
    const site = await app.inject({ method: 'GET', url: `/api/v1/front/mini-site/${company.slug}` });
    expect(site.json().data.company.logo).toBe(logo.card);
  });
});
