import { like } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { findCompanies, sellersWithCompany } from '../accounts/public.ts';
import { storeProfileImageFiles } from './images.ts';
import { companyProfileImages, companyProfiles } from './tables.ts';

/*
 * Every demo seller's logo (issue 44): a drawn mark (a rounded square with a ring and a wave, in a colour of
 * the company's own) beside the company's name. Demo data writes the image rows; the files are drawn when
 * the server starts (ensureDemoLogos), as the blog covers are, since loading demo data holds no file store.
 */

const LOGO_PREFIX = 'demo/logos/company-';
const WIDTH = 1000;
const HEIGHT = 400;
const COLOURS = ['#1c7ed6', '#2f9e44', '#e8590c', '#7048e8', '#0c8599', '#c2255c', '#5c940d', '#d9480f'];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The logo as SVG: the mark, then the company's name in two lines at most. */
export function logoSvg(name: string, seed: number) {
  const colour = COLOURS[seed % COLOURS.length];
  const words = name.split(/\s+/);
  const half = Math.ceil(words.length / 2);
  const lines = words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [name];
  // The longest line fits the 580 px beside the mark (a bold sans-serif letter is about 0.62 em wide).
  const size = Math.min(72, Math.floor(580 / (0.62 * Math.max(...lines.map((line) => line.length)))));
  const text = lines
    .map(
      (line, index) =>
        `<text x="370" y="${lines.length === 1 ? 200 + size / 3 : 190 + (index - 0.5) * size * 1.25 + size / 3}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#212529">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
  <rect x="40" y="60" width="280" height="280" rx="56" fill="${colour}"/>
  <circle cx="180" cy="200" r="86" fill="none" stroke="#ffffff" stroke-width="26"/>
  <path d="M70 290 Q125 240 180 290 T290 290" fill="none" stroke="#ffffff" stroke-width="18" opacity="0.7"/>
  ${text}
</svg>`;
}

/** Demo data: each seller company's logo row, named by its profile (the files follow at start-up). */
export async function loadDemoLogos(tx: Tx) {
  const sellers = await sellersWithCompany(tx);
  for (const companyId of new Set(sellers.map((seller) => seller.companyId))) {
    const [image] = await tx
      .insert(companyProfileImages)
      .values({
        companyId,
        kind: 'logo',
        storageKey: `${LOGO_PREFIX}${companyId}`,
        mime: 'image/png',
        bytes: 0,
        width: WIDTH,
        height: HEIGHT,
        originalName: 'logo.png',
      })
      .returning({ id: companyProfileImages.id });
    await tx
      .insert(companyProfiles)
      .values({ companyId, logoImageId: image.id })
      .onConflictDoUpdate({ target: companyProfiles.companyId, set: { logoImageId: image.id } });
  }
}

/** Draws the demo logos that are in the database but not in storage yet. */
export async function ensureDemoLogos(db: Db, storage: Storage, closing: () => boolean = () => false) {
  const rows = await db
    .select({ companyId: companyProfileImages.companyId, storageKey: companyProfileImages.storageKey })
    .from(companyProfileImages)
    .where(like(companyProfileImages.storageKey, `${LOGO_PREFIX}%`));
  const companies = new Map(
    (
      await findCompanies(
        db,
        rows.map((row) => row.companyId),
      )
    ).map((c) => [c.id, c.name]),
  );
  for (const { companyId, storageKey } of rows) {
    if (closing()) return;
    if (await storage.has(`${storageKey}/print.png`)) continue;
    const png = await sharp(Buffer.from(logoSvg(companies.get(companyId) ?? 'TradeLoop', companyId)))
      .png()
      .toBuffer();
    await storeProfileImageFiles(storage, storageKey, 'logo', png, 'png');
  }
}
