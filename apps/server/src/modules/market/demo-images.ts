import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { addAppMeta, appMetaValue } from '../../platform/app-meta.ts';
import { makeDerivatives } from '../catalog/images.ts';
import { TRADES, type Trade } from './demo-trades.ts';

/**
 * Pictures of the generated demo products: one drawing per top category in three variants,
 * rendered with sharp the first time the server starts after demo data was loaded, and shared by
 * the products of that category (docs/decisions/012: demo data).
 */
const MARKER = 'market_demo_images';
export const DEMO_IMAGE_SIZE = 800;
export const DEMO_IMAGE_BYTES = 48_000;
const VARIANTS = 3;

export function demoImageKey(tradeIndex: number, variant: number) {
  return `demo/market/t${tradeIndex}-v${variant % VARIANTS}`;
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

const SHAPES = [
  (fill: string) => `<circle cx="400" cy="350" r="255" fill="${fill}"/>`,
  (fill: string) => `<rect x="150" y="100" width="500" height="500" rx="70" fill="${fill}"/>`,
  (fill: string) => `<polygon points="400,90 625,220 625,480 400,610 175,480 175,220" fill="${fill}"/>`,
];

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function drawing(category: string, trade: Trade, variant: number): string {
  const [dark, light] = trade.colors;
  const background = ['#f3f6f9', '#f7f4ef', '#eef3f1'][variant];
  const icon = ICONS[trade.icon].replace(/BG/g, dark);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_SIZE}" height="${DEMO_IMAGE_SIZE}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
  </defs>
  <rect width="800" height="800" fill="${background}"/>
  ${SHAPES[variant]('url(#g)')}
  <g transform="translate(400 350) scale(${1 - variant * 0.08}) rotate(${variant * 8})" fill="#ffffff">${icon}</g>
  <text x="400" y="705" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" font-weight="bold" text-anchor="middle" fill="#263238">${escapeXml(category)}</text>
  <text x="400" y="752" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="24" text-anchor="middle" fill="#78909c">TradeLoop demo picture</text>
</svg>`;
}

async function exists(storage: Storage, key: string) {
  const file = await storage.open(key);
  file?.stream.destroy();
  return !!file;
}

async function render(storage: Storage, key: string, category: string, trade: Trade, variant: number) {
  const jpeg = await sharp(Buffer.from(drawing(category, trade, variant)))
    .jpeg({ quality: 88 })
    .toBuffer();
  const images = await makeDerivatives(jpeg, 'jpeg');
  await storage.put(`${key}/original.jpg`, images.original);
  await storage.put(`${key}/thumb.webp`, images.thumb);
  await storage.put(`${key}/card.webp`, images.card);
  await storage.put(`${key}/full.webp`, images.full);
}

export async function markDemoImages(tx: Tx) {
  await addAppMeta(tx, MARKER, true, { ifAbsent: true });
}

/** Draws the demo pictures that are missing (all of them on the first start); nothing without demo data. */
export async function ensureDemoImages(db: Db, storage: Storage, log: FastifyBaseLogger) {
  if ((await appMetaValue(db, MARKER)) === undefined) return;
  const started = performance.now();
  const missing: { key: string; category: string; trade: Trade; variant: number }[] = [];
  for (const [tradeIndex, [category, trade]] of Object.entries(TRADES).entries()) {
    for (let variant = 0; variant < VARIANTS; variant += 1) {
      const key = demoImageKey(tradeIndex, variant);
      if (!(await exists(storage, `${key}/thumb.webp`))) missing.push({ key, category, trade, variant });
    }
  }
  // A few at a time: sharp works on its own threads, and the machine may have two cores.
  for (let start = 0; start < missing.length; start += 3) {
    await Promise.all(
      missing
        .slice(start, start + 3)
        .map((entry) => render(storage, entry.key, entry.category, entry.trade, entry.variant)),
    );
  }
  const drawn = missing.length;
  if (drawn) log.info({ pictures: drawn, ms: Math.round(performance.now() - started) }, 'demo product pictures drawn');
}
