import PDFDocument from 'pdfkit';
import type { DocumentLine, DocumentParty, DocumentTotals } from '@tradeloop/contracts/orders';

/** What a quotation or an invoice prints (issue 44): the parties, the terms, the lines and the totals. */
export type PrintedDocument = {
  /** The seller's logo (PNG or JPEG), printed at the top right; null: the company's name alone. */
  logo?: Buffer | null;
  title: string;
  number: string;
  date: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  /** Label and value rows under the parties (price term, payment terms, validity …). */
  terms: [string, string | null][];
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Rows after the total (paid, balance due). */
  after?: [string, string][];
  notes?: string | null;
};

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;
/** The logo's box (points): beside the title, above the parties. */
const LOGO_BOX: [number, number] = [150, 56];
/** The header's text keeps clear of the logo's box. */
const HEADER_WIDTH = WIDTH - LOGO_BOX[0] - 12;
/** The line table's columns: x offset, width and alignment. */
const COLUMNS = [
  { key: 'description', label: 'Description', x: 0, width: 150, align: 'left' },
  { key: 'quantity', label: 'Qty', x: 150, width: 50, align: 'right' },
  { key: 'unit_price', label: 'Unit price', x: 200, width: 62, align: 'right' },
  { key: 'discount_percent', label: 'Disc. %', x: 262, width: 40, align: 'right' },
  { key: 'net', label: 'Net', x: 302, width: 64, align: 'right' },
  { key: 'tax_rate', label: 'Tax', x: 366, width: 56, align: 'right' },
  { key: 'tax', label: 'Tax amount', x: 422, width: 38, align: 'right' },
  { key: 'total', label: 'Total', x: 460, width: WIDTH - 460, align: 'right' },
] as const;

function cell(line: DocumentLine, key: (typeof COLUMNS)[number]['key']) {
  switch (key) {
    case 'quantity':
      return `${line.quantity}${line.unit ? ` ${line.unit}` : ''}`;
    case 'tax_rate':
      return line.tax_label === 'None' ? '—' : `${line.tax_label} ${line.tax_rate}%`;
    default:
      return String(line[key]);
  }
}

function party(doc: PDFKit.PDFDocument, heading: string, who: DocumentParty, x: number, y: number) {
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(heading, x, y, { width: WIDTH / 2 - 10 });
  doc.font('Helvetica').fontSize(9);
  const lines = [who.company_name, who.name, ...who.address, who.email, who.tax_id ? `Tax id: ${who.tax_id}` : null];
  for (const line of lines) if (line) doc.text(line, { width: WIDTH / 2 - 10 });
  return doc.y;
}

/** The document as a PDF (pdfkit, the standard Helvetica fonts), as one buffer. */
export function renderPdf(printed: PrintedDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${printed.title} ${printed.number}`, Author: printed.seller.company_name ?? printed.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const code = printed.totals.currency;

  // Header: the seller's logo at the top right, its name as its mark, the document's title, number and date.
  if (printed.logo) doc.image(printed.logo, MARGIN + WIDTH - LOGO_BOX[0], MARGIN, { fit: LOGO_BOX, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#1c7ed6')
    .text(printed.seller.company_name ?? printed.seller.name, MARGIN, MARGIN, { width: HEADER_WIDTH, height: 20 });
  doc
    .fillColor('black')
    .fontSize(14)
    .text(`${printed.title} ${printed.number}`, MARGIN, MARGIN + 24, { width: HEADER_WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Date: ${printed.date}    Currency: ${code}`, MARGIN, MARGIN + 44, { width: HEADER_WIDTH });

  const top = MARGIN + 66;
  const sellerEnd = party(doc, 'Seller', printed.seller, MARGIN, top);
  const buyerEnd = party(doc, 'Buyer', printed.buyer, MARGIN + WIDTH / 2, top);
  let y = Math.max(sellerEnd, buyerEnd) + 10;

  for (const [label, value] of printed.terms) {
    if (!value) continue;
    doc.font('Helvetica-Bold').fontSize(9).text(`${label}: `, MARGIN, y, { continued: true });
    doc.font('Helvetica').text(value);
    y = doc.y + 2;
  }
  y += 8;

  // The lines.
  doc.font('Helvetica-Bold').fontSize(8);
  for (const column of COLUMNS)
    doc.text(column.label, MARGIN + column.x, y, { width: column.width - 4, align: column.align });
  y = doc.y + 4;
  doc
    .moveTo(MARGIN, y - 2)
    .lineTo(MARGIN + WIDTH, y - 2)
    .stroke();
  doc.font('Helvetica').fontSize(8);
  for (const line of printed.lines) {
    if (y > 760) {
      doc.addPage();
      y = MARGIN;
    }
    let bottom = y;
    for (const column of COLUMNS) {
      doc.text(cell(line, column.key), MARGIN + column.x, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
    }
    y = bottom + 4;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  y += 8;

  // The totals, right-aligned.
  const rows: [string, string, boolean][] = [
    ['Subtotal', printed.totals.subtotal, false],
    ['Discount', printed.totals.discount, false],
    ...printed.totals.taxes.map((tax): [string, string, boolean] => [
      `${tax.label} ${tax.rate}% on ${tax.base}`,
      tax.tax,
      false,
    ]),
    ['Tax', printed.totals.tax, false],
    ['Total', printed.totals.total, true],
    ...(printed.after ?? []).map(([label, value]): [string, string, boolean] => [label, value, false]),
  ];
  for (const [label, value, strong] of rows) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 10 : 9);
    doc.text(label, MARGIN + WIDTH - 300, y, { width: 190, align: 'right' });
    doc.text(`${code} ${value}`, MARGIN + WIDTH - 105, y, { width: 105, align: 'right' });
    y = doc.y + 3;
  }
  if (printed.notes) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text('Notes', MARGIN, y + 10);
    doc.font('Helvetica').text(printed.notes, { width: WIDTH });
  }
  doc.end();
  return done;
}
