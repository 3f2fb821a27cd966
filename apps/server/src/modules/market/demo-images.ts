import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { addAppMeta, appMetaValue } from '../../platform/app-meta.ts';
import { productTitle } from '@tradeloop/contracts/catalog-constants';
import { demoPictureSubjects, categoryTree, pathOf } from '../catalog/public.ts';
import { GENERIC_TRADE, TRADES, type Trade } from './demo-trades.ts';
import { KIND_DRAWINGS, UNKNOWN_KIND_DRAWING, packDrawing } from './drawings/index.ts';

/**
 * Pictures of the demo products: two or three per product, drawing the object its sub-category names in
 * its trade's colours, posed by the product, without text; rendered with sharp after the first start that
 * loaded demo data, every product's first picture first, newest products first (decision 035).
 */
const MARKER = 'market_demo_images';
const KEY_PREFIX = 'demo/market/';
/** Drawn at the card's size: the product page's gallery shows the same file. */
export const DEMO_IMAGE_SIZE = 600;
export const DEMO_IMAGE_BYTES = 24_000;

/** The file of a demo product's picture at a gallery position (the first keeps the address it always had). */
export function demoImageKey(productId: number, position = 0) {
  return `${KEY_PREFIX}p${productId}${position ? `-${position + 1}` : ''}`;
}

/**
 * What a demo product's pictures show, in gallery order: the product, the product as shipped (or from its
 * other side when such goods are not shown packed), and a close-up. A seller shows two or three.
 */
const VIEWS = ['product', 'second', 'detail'] as const;
type View = (typeof VIEWS)[number];

export function demoPictureCount(productId: number) {
  return productId % 3 === 0 ? 2 : 3;
}

const BACKDROPS = [
  (fill: string) => `<circle cx="400" cy="330" r="250" fill="${fill}"/>`,
  (fill: string) => `<rect x="160" y="90" width="480" height="480" rx="80" fill="${fill}"/>`,
  (fill: string) => `<polygon points="400,80 620,205 620,455 400,580 180,455 180,205" fill="${fill}"/>`,
  (fill: string) => `<rect x="110" y="130" width="580" height="400" rx="200" fill="${fill}"/>`,
];
/** Where a close-up looks, in the drawing's units. */
const DETAIL_FOCUS = [
  [-45, -45],
  [45, -45],
  [-45, 45],
  [45, 45],
  [0, -30],
];

/** A stable small number from a text: the same product is drawn the same way on every machine. */
function hashOf(text: string) {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export type PictureSubject = {
  title: string;
  brand: string;
  trade: Trade;
  /** The product's sub-category, which says what object is drawn. */
  kind: string;
  position: number;
};

function floor(cx: number, cy: number, rx: number) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="26" fill="url(#floor)"/>`;
}

function placed(fragment: string, transform: string) {
  return `<g transform="${transform}" fill="url(#body)">${fragment}</g>`;
}

/** The scene of one view: the object alone, beside its packaging, turned, or close. */
function scene(view: View, object: string, pack: string | undefined, seed: number) {
  if (view === 'detail') {
    const [x, y] = DETAIL_FOCUS[seed % DETAIL_FOCUS.length];
    return placed(object, `translate(400 400) scale(2.6) translate(${-x} ${-y})`);
  }
  if (view === 'second' && pack) {
    // Both stand on one floor (their drawings' base is near y = 160).
    return `${floor(420, 640, 330)}${placed(object, 'translate(270 480) scale(1.0)')}${placed(pack, 'translate(590 512) scale(0.8)')}`;
  }
  const tilt = (seed % 7) - 3;
  const scale = 1.45 + ((seed >>> 5) % 20) / 100;
  const mirror = view === 'second' ? ' scale(-1 1)' : '';
  const transform = `translate(400 400) scale(${scale.toFixed(2)}) rotate(${tilt})${mirror}`;
  return `${floor(400, 400 + 165 * scale, 180 * scale)}${placed(object, transform)}`;
}

/**
 * One picture of a product, as SVG on an 800 × 800 canvas. No text is drawn: the product's name, brand and
 * model belong in the page's HTML and the picture's alt text, where they can be read, translated and found.
 */
export function productDrawing({ title, brand, trade, kind, position }: PictureSubject): string {
  const seed = hashOf(`${brand}|${title}|${position}`);
  const hue = hashOf(brand) % 360;
  const [dark, light] = trade.colors;
  const colour = (fragment: string) => fragment.replace(/\bBG\b/g, dark).replace(/\bLIGHT\b/g, light);
  const object = colour(KIND_DRAWINGS[kind] ?? UNKNOWN_KIND_DRAWING);
  const pack = packDrawing(kind, trade.unit);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_SIZE}" height="${DEMO_IMAGE_SIZE}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="hsl(${hue}, 30%, 92%)"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <g transform="translate(0 70)">${BACKDROPS[seed % BACKDROPS.length](`hsl(${hue}, 45%, 88%)`)}</g>
  ${scene(VIEWS[position] ?? 'product', object, pack && colour(pack), seed)}
</svg>`;
}

/** The card's WebP (also the gallery's), a thumbnail and a JPEG original, as an upload keeps them. */
async function render(storage: Storage, key: string, subject: PictureSubject) {
  // Drawn once, encoded three times. WebP's fastest effort takes a sixth of effort 2's time here, for
  // half as many bytes again (17 KB against 11 KB): 2,000 pictures are drawn on a first start.
  const { data, info } = await sharp(Buffer.from(productDrawing(subject)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raster = () => sharp(data, { raw: info });
  const [card, thumb, original] = await Promise.all([
    raster().webp({ quality: 82, effort: 0 }).toBuffer(),
    raster().resize(200, 200).webp({ quality: 80, effort: 0 }).toBuffer(),
    raster().jpeg({ quality: 85 }).toBuffer(),
  ]);
  await storage.put(`${key}/original.jpg`, original);
  await storage.put(`${key}/thumb.webp`, thumb);
  await storage.put(`${key}/card.webp`, card);
  await storage.put(`${key}/full.webp`, card);
}

export async function markDemoImages(tx: Tx) {
  await addAppMeta(tx, MARKER, true, { ifAbsent: true });
}

/** The demo pictures not in storage yet, with what to draw: first pictures first, newest products first. */
async function missingPictures(db: Db, storage: Storage) {
  const tree = await categoryTree(db);
  const missing: { key: string; subject: PictureSubject }[] = [];
  for (const row of await demoPictureSubjects(db, KEY_PREFIX)) {
    if (await storage.has(`${row.storageKey}/full.webp`)) continue;
    const [top, sub] = pathOf(tree, row.categoryId);
    missing.push({
      key: row.storageKey,
      subject: {
        title: productTitle({ pre_title_name: row.preTitle, name: row.name }),
        brand: row.brandName,
        trade: TRADES[top?.name ?? ''] ?? GENERIC_TRADE,
        kind: sub?.name ?? '',
        position: row.position,
      },
    });
  }
  return missing;
}

/**
 * Draws the demo pictures that are missing (all of them on the first start; nothing without demo
 * data), one at a time so that a two-core machine keeps answering, until `stopped()` says so.
 */
export async function ensureDemoImages(db: Db, storage: Storage, log: FastifyBaseLogger, stopped: () => boolean) {
  if ((await appMetaValue(db, MARKER)) === undefined) return;
  const started = performance.now();
  let drawn = 0;
  for (const { key, subject } of await missingPictures(db, storage)) {
    if (stopped()) break;
    await render(storage, key, subject);
    drawn += 1;
  }
  if (drawn) log.info({ pictures: drawn, ms: Math.round(performance.now() - started) }, 'demo product pictures drawn');
}
