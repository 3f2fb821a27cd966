import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '@tradeloop/contracts/crm/records';
import type { CrmFile } from '@tradeloop/contracts/crm/files';
import { as, createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm, personOf } from '../test-support.ts';
import { expectPrivateFile } from '../../../../test/private-files.ts';
import { formData, timelineOf, type FormFile } from '../records/content-test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let intruder: TestUser;
let lead: { id: number; unique_id: string };
let png: Buffer;

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The opening of a Word file: a zip whose entries name [Content_Types].xml and word/. */
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml<Types/>PK\u0003\u0004word/document.xml<w:document/>'),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
  lead = await createRecord(app, seller, 1, { first_name: 'Fiona', company: 'Files Co' });
  png = await picture('png');
});
afterAll(() => app.close());

const upload = (
  user: TestUser,
  files: FormFile[],
  fields: Record<string, string> = { unique_id: lead.unique_id, type_id: '1' },
) => as(app, user, { method: 'POST', url: '/crm/v1/crm/crm_save_file', ...formData(fields, files) });
const list = async (user: TestUser = seller, record = lead, typeId = 1) =>
  crm(app, user, 'GET', `crm/show_crm_images/${record.unique_id}/${typeId}`);

describe('POST /crm/v1/crm/crm_save_file', () => {
  it('keeps files by what they contain: a PNG named .pdf is an image, with the right name', async () => {
    const response = await upload(seller, [
      { name: 'scan.pdf', data: png, type: 'application/pdf' },
      { name: 'quote.pdf', data: PDF },
      { name: 'terms', data: DOCX },
      { name: 'prices.csv', data: Buffer.from('sku,price\nP-1,10\n') },
      { name: 'photo.jpeg', data: await picture('jpeg') },
      { name: 'banner.webp', data: await picture('webp') },
      { name: 'spinner.gif', data: await picture('gif') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(CONTENT_MESSAGES.filesUploaded(7));
    const files = response.json().data as CrmFile[];
    expect(files.map((file) => [file.file_name, file.mime_type, file.preview])).toEqual(
      expect.arrayContaining([
        ['scan.png', 'image/png', 'image'],
        ['quote.pdf', 'application/pdf', 'pdf'],
        ['terms.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'other'],
        ['prices.csv', 'text/csv', 'other'],
        ['photo.jpeg', 'image/jpeg', 'image'],
        ['banner.webp', 'image/webp', 'image'],
        ['spinner.gif', 'image/gif', 'image'],
      ]),
    );
    const scan = files.find((file) => file.file_name === 'scan.png')!;
    expect(scan).toMatchObject({ size: png.length, record_id: lead.id, uploaded_by: { id: seller.id } });

    // The answer's addresses are signed for the uploader, so an <img> loads them without the token.
    const original = await app.inject({ method: 'GET', url: scan.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await app.inject({ method: 'GET', url: scan.thumb_url! });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    const pdf = await app.inject({ method: 'GET', url: files.find((file) => file.preview === 'pdf')!.url });
    expect(pdf.headers['content-disposition']).toBe("inline; filename*=UTF-8''quote.pdf");
    expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const docx = await app.inject({ method: 'GET', url: files.find((file) => file.file_name === 'terms.docx')!.url });
    expect(docx.headers['content-disposition']).toBe("attachment; filename*=UTF-8''terms.docx");
    // A guessed name, or a real name under another file's id, is not found.
    expect(
      (await app.inject({ method: 'GET', url: scan.url.replace(/\/[a-f0-9]{32}/, `/${'0'.repeat(32)}`) })).statusCode,
    ).toBe(404);
    const otherId = files.find((file) => file.file_name === 'quote.pdf')!.id;
    expect(
      (await app.inject({ method: 'GET', url: scan.url.replace(`/${scan.id}/`, `/${otherId}/`) })).statusCode,
    ).toBe(404);

    const listed = (await list()).json().data as CrmFile[];
    expect(listed).toHaveLength(7);
    const entries = await timelineOf(app, seller, `lead_id=${lead.id}&kind=file`);
    expect(entries.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining(['File added: scan.png', 'File added: quote.pdf', 'File added: terms.docx']),
    );
  });

  it('refuses programs and unknown files by content, naming them, and keeps nothing of the upload', async () => {
    const before = ((await list()).json().data as CrmFile[]).length;
    const exe = await upload(seller, [
      { name: 'fine.png', data: png },
      { name: 'invoice.png', data: EXE, type: 'image/png' },
    ]);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().message).toBe(CONTENT_MESSAGES.fileRefused('invoice.png', CONTENT_MESSAGES.fileExecutable));
    const script = await upload(seller, [{ name: 'notes.txt', data: Buffer.from('#!/bin/sh\nrm -rf /\n') }]);
    expect(script.json().message).toBe(CONTENT_MESSAGES.fileRefused('notes.txt', CONTENT_MESSAGES.fileExecutable));
    const binary = await upload(seller, [{ name: 'data.txt', data: Buffer.from([0, 1, 2, 3, 250, 251]) }]);
    expect(binary.json().message).toBe(CONTENT_MESSAGES.fileRefused('data.txt', CONTENT_MESSAGES.fileTypeNotAllowed));
    const zip = await upload(seller, [
      { name: 'archive.docx', data: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]) },
    ]);
    expect(zip.json().message).toBe(CONTENT_MESSAGES.fileRefused('archive.docx', CONTENT_MESSAGES.fileTypeNotAllowed));
    const broken = await upload(seller, [
      { name: 'broken.png', data: Buffer.concat([png.subarray(0, 16), Buffer.alloc(64)]) },
    ]);
    expect(broken.json().message).toBe(CONTENT_MESSAGES.fileRefused('broken.png', CONTENT_MESSAGES.imageUnreadable));
    expect(((await list()).json().data as CrmFile[]).length).toBe(before);
  });

  it('refuses too large files, too many files, no file and a missing record', async () => {
    const large = await upload(seller, [{ name: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * 1_048_576)]) }]);
    expect(large.statusCode).toBe(422);
    expect(large.json().message).toBe(CONTENT_MESSAGES.fileTooLarge);
    const many = await upload(
      seller,
      Array.from({ length: 11 }, (_, n) => ({ name: `f${n}.pdf`, data: PDF })),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe(CONTENT_MESSAGES.tooManyFiles);
    const none = await upload(seller, []);
    expect(none.json().message).toBe(CONTENT_MESSAGES.filesRequired);
    const json = await crm(app, seller, 'POST', 'crm/crm_save_file', { unique_id: lead.unique_id });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe(CONTENT_MESSAGES.filesRequired);
    const noRecord = await upload(seller, [{ name: 'a.pdf', data: PDF }], { type_id: '1' });
    expect(noRecord.statusCode).toBe(422);
    expect(noRecord.json().message).toBe(CONTENT_MESSAGES.recordRequired);
    const wrongType = await upload(seller, [{ name: 'a.pdf', data: PDF }], { unique_id: lead.unique_id, type_id: '4' });
    expect(wrongType.statusCode).toBe(404);
  });
});

describe('POST /crm/v1/crm/delete_crm_images', () => {
  it('deletes files, their bytes and thumbnails, with the removal in the timeline', async () => {
    const [file] = (await upload(seller, [{ name: 'old-logo.png', data: png }])).json().data as CrmFile[];
    const response = await crm(app, seller, 'POST', 'crm/delete_crm_images', { ids: [file.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { count: 1 }, message: CONTENT_MESSAGES.filesDeleted(1) });
    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: file.thumb_url! })).statusCode).toBe(404);
    expect(((await list()).json().data as CrmFile[]).some((item) => item.id === file.id)).toBe(false);
    const [latest] = await timelineOf(app, seller, `lead_id=${lead.id}&kind=file`);
    expect(latest).toMatchObject({ action: 'removed', summary: 'File removed: old-logo.png' });

    const empty = await crm(app, seller, 'POST', 'crm/delete_crm_images', { ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(CONTENT_MESSAGES.filesSelectionRequired);
  });
});

describe('files of another company', () => {
  it('answer 404 to list and upload, and are never deleted', async () => {
    const [file] = (await upload(seller, [{ name: 'secret.pdf', data: PDF }])).json().data as CrmFile[];
    expect((await list(intruder)).statusCode).toBe(404);
    expect((await upload(intruder, [{ name: 'x.pdf', data: PDF }])).statusCode).toBe(404);
    const deleted = await crm(app, intruder, 'POST', 'crm/delete_crm_images', { ids: [file.id] });
    expect(deleted.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });

  it('are served only to members of the company: signed in, or by an address signed for them', async () => {
    const [pdf, image] = (
      await upload(seller, [
        { name: 'contract.pdf', data: PDF },
        { name: 'site.png', data: png },
      ])
    ).json().data as CrmFile[];
    const listed = (await list()).json().data as CrmFile[];
    for (const url of [pdf.url, image.url, image.thumb_url!, listed[0].url]) {
      await expectPrivateFile(app, url, seller, intruder);
    }
    // A sub-user of the company may open them too; the bytes are never public under /uploads.
    const member = await personOf(app, 'subuser', { name: 'Sue Member', parent: seller });
    expect((await as(app, member, { method: 'GET', url: pdf.url.split('?')[0] })).statusCode).toBe(200);
    const name = pdf.url.split('?')[0].split('/').pop();
    expect((await app.inject({ method: 'GET', url: `/uploads/crm-files/${name}` })).statusCode).toBe(404);
  });

  it('counts files on the record page', async () => {
    const account = await createRecord(app, seller, 3, { account_name: 'Counted Ltd' });
    await upload(
      seller,
      [
        { name: 'a.pdf', data: PDF },
        { name: 'b.pdf', data: PDF },
      ],
      {
        unique_id: account.unique_id,
        type_id: '3',
      },
    );
    const info = await crm(app, seller, 'GET', `account/info/${account.id}`);
    expect(info.json().data.analytics.files).toBe(2);
  });
});
