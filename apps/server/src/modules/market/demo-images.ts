import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { addAppMeta, appMetaValue } from '../../platform/app-meta.ts';
import { productTitle } from '@tradeloop/contracts/catalog-constants';
import { demoPictureSubjects, categoryTree, pathOf } from '../catalog/public.ts';
import { GENERIC_TRADE, TRADES, type Trade } from './demo-trades.ts';

/**
 * Pictures of the demo products: one drawing per product (its trade's object in the brand's colour,
 * posed by the product's number, without text), rendered with sharp
 * after the first start that loaded demo data, newest products first (decision 035).
 */
const MARKER = 'market_demo_images';
const KEY_PREFIX = 'demo/market/';
/** Drawn at the card's size: the product page's gallery shows the same file. */
export const DEMO_IMAGE_SIZE = 600;
export const DEMO_IMAGE_BYTES = 24_000;

export function demoImageKey(productId: number) {
  return `${KEY_PREFIX}p${productId}`;
}

const ICONS: Record<string, string> = {
  gear: `<g>${Array.from({ length: 8 }, (_, i) => `<rect x="-26" y="-150" width="52" height="70" rx="8" transform="rotate(${i * 45})"/>`).join('')}<circle r="110"/><circle r="45" fill="BG"/></g>`,
  bolt: '<polygon points="30,-170 -90,20 -10,20 -40,170 90,-30 10,-30"/>',
  flask: '<path d="M-40,-160 h80 v20 h-15 v80 l85,150 q10,30 -20,30 h-180 q-30,0 -20,-30 l85,-150 v-80 h-15 z"/>',
  box: '<polygon points="0,-150 140,-80 0,-10 -140,-80" opacity="0.95"/><polygon points="-140,-60 -10,10 -10,160 -140,90" opacity="0.8"/><polygon points="140,-60 10,10 10,160 140,90" opacity="0.65"/>',
  shirt: '<path d="M-60,-140 q60,40 120,0 l110,50 -40,80 -40,-20 v170 h-180 v-170 l-40,20 -40,-80 z"/>',
  leaf: '<path d="M-120,120 q-20,-200 200,-260 q40,220 -200,260 z"/><path d="M-110,110 L60,-110" stroke="BG" stroke-width="12" fill="none"/>',
  house:
    '<polygon points="0,-160 170,-10 130,-10 130,150 -130,150 -130,-10 -170,-10"/><rect x="-35" y="50" width="70" height="100" fill="BG"/>',
  ingot:
    '<polygon points="-150,140 150,140 110,60 -110,60"/><polygon points="-110,40 110,40 75,-40 -75,-40" opacity="0.85"/><polygon points="-75,-60 75,-60 45,-130 -45,-130" opacity="0.7"/>',
  wrench:
    '<g transform="rotate(-45)"><rect x="-25" y="-40" width="50" height="210" rx="20"/><circle cy="-90" r="75"/><rect x="-22" y="-175" width="44" height="80" fill="BG"/></g>',
  shield:
    '<path d="M0,-170 l140,50 v70 q0,150 -140,220 q-140,-70 -140,-220 v-70 z"/><path d="M-55,0 l40,45 l80,-95" stroke="BG" stroke-width="22" fill="none"/>',
  wheel:
    '<circle r="160"/><circle r="105" fill="BG"/><circle r="40"/>' +
    Array.from(
      { length: 6 },
      (_, i) => `<rect x="-10" y="-105" width="20" height="105" transform="rotate(${i * 60})"/>`,
    ).join(''),
  chip:
    '<rect x="-110" y="-110" width="220" height="220" rx="18"/>' +
    Array.from({ length: 5 }, (_, i) => {
      const p = -80 + i * 40;
      return `<rect x="${p - 8}" y="-150" width="16" height="40"/><rect x="${p - 8}" y="110" width="16" height="40"/><rect x="-150" y="${p - 8}" width="40" height="16"/><rect x="110" y="${p - 8}" width="40" height="16"/>`;
    }).join('') +
    '<rect x="-55" y="-55" width="110" height="110" rx="10" fill="BG"/>',
  chair:
    '<rect x="-90" y="-170" width="180" height="150" rx="25"/><rect x="-120" y="-10" width="240" height="50" rx="15"/><rect x="-15" y="40" width="30" height="80"/><rect x="-110" y="120" width="220" height="24" rx="12"/>',
};

const BACKDROPS = [
  (fill: string) => `<circle cx="400" cy="330" r="250" fill="${fill}"/>`,
  (fill: string) => `<rect x="160" y="90" width="480" height="480" rx="80" fill="${fill}"/>`,
  (fill: string) => `<polygon points="400,80 620,205 620,455 400,580 180,455 180,205" fill="${fill}"/>`,
  (fill: string) => `<rect x="110" y="130" width="580" height="400" rx="200" fill="${fill}"/>`,
];

/** A stable small number from a text: the same product is drawn the same way on every machine. */
function hashOf(text: string) {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export type PictureSubject = { title: string; brand: string; trade: Trade };

/**
 * The drawing of one product, as SVG on an 800 × 800 canvas. No text is drawn: the product's name, brand and
 * model belong in the page's HTML and the picture's alt text, where they can be read, translated and found.
 */
export function productDrawing({ title, brand, trade }: PictureSubject): string {
  const seed = hashOf(`${brand}|${title}`);
  const hue = hashOf(brand) % 360;
  const [dark, light] = trade.colors;
  const tilt = (seed % 17) - 8;
  const scale = 1.2 + ((seed >>> 5) % 20) / 100;
  const icon = ICONS[trade.icon].replace(/BG/g, dark);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_SIZE}" height="${DEMO_IMAGE_SIZE}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="hsl(${hue}, 30%, 92%)"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <g transform="translate(0 70)">${BACKDROPS[seed % BACKDROPS.length](`hsl(${hue}, 45%, 88%)`)}</g>
  <ellipse cx="400" cy="${400 + 175 * scale}" rx="${190 * scale}" ry="26" fill="url(#floor)"/>
  <g transform="translate(400 400) scale(${scale.toFixed(2)}) rotate(${tilt})" fill="url(#body)">${icon}</g>
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

/** The products whose demo picture is not in storage yet, newest first, with what to draw. */
async function missingPictures(db: Db, storage: Storage) {
  const tree = await categoryTree(db);
  const missing: { key: string; subject: PictureSubject }[] = [];
  for (const row of await demoPictureSubjects(db, KEY_PREFIX)) {
    if (await storage.has(`${row.storageKey}/full.webp`)) continue;
    const top = pathOf(tree, row.categoryId)[0]?.name ?? '';
    missing.push({
      key: row.storageKey,
      subject: {
        title: productTitle({ pre_title_name: row.preTitle, name: row.name }),
        brand: row.brandName,
        trade: TRADES[top] ?? GENERIC_TRADE,
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
