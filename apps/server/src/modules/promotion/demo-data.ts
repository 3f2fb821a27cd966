import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import { utcDay } from '@tradeloop/contracts/promotion';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { findPeople } from '../accounts/public.ts';
import { productNamed } from '../catalog/public.ts';
import { prepareImage } from './banners.ts';
import { adProducts, ads, bannerImages, bannerSettings } from './tables.ts';

/**
 * Demo promotion for the demo seller (Shree Ganesh Engineering Works): a running ad for two pumps,
 * matching searches for pumps, and the home banner of its mini-site (three drawn slides). The slides'
 * files are drawn when the server starts (ensureDemoBannerImages), as the products' pictures are.
 */
const KEY_PREFIX = 'demo/banners/';
const SLIDES = [
  {
    key: `${KEY_PREFIX}shree-1`,
    title: 'Pumps built in Pune since 1998',
    line: 'Centrifugal, submersible and skid-mounted',
    from: '#0b3d60',
    to: '#1c7ed6',
  },
  {
    key: `${KEY_PREFIX}shree-2`,
    title: 'Valves and gearboxes to order',
    line: 'Drawings to dispatch in three weeks',
    from: '#5c3c00',
    to: '#f08c00',
  },
  {
    key: `${KEY_PREFIX}shree-3`,
    title: 'Export-ready, ISO 9001 certified',
    line: 'Shipping from Nhava Sheva to 40 countries',
    from: '#1b4332',
    to: '#2f9e44',
  },
];
const WIDTH = 1600;
const HEIGHT = 400;

export async function loadPromotionDemoData(tx: Tx) {
  const [seller] = await findPeople(tx, { email: DEMO_ACCOUNTS.seller });
  if (!seller?.companyId) return;
  const companyId = seller.companyId;
  const pumps = [];
  for (const name of ['Centrifugal Monoblock Pump', 'Openwell Submersible Pump']) {
    const product = await productNamed(tx, companyId, name);
    if (product) pumps.push(product.id);
  }
  if (pumps.length) {
    const [ad] = await tx
      .insert(ads)
      .values({
        companyId,
        adType: 'both',
        title1: 'pump',
        title2: 'water pump',
        title3: 'submersible pump',
        startDate: utcDay(new Date(Date.now() - 2 * 86_400_000)),
        endDate: utcDay(new Date(Date.now() + 60 * 86_400_000)),
      })
      .returning({ id: ads.id });
    await tx.insert(adProducts).values(pumps.map((productId, position) => ({ adId: ad.id, productId, position })));
  }
  const [banner] = await tx
    .insert(bannerSettings)
    .values({
      companyId,
      page: 'home',
      activeBanner: true,
      defaultBanner: true,
      swapBanner: true,
      indicatorBanner: true,
      navigationButton: true,
      navButtonVisible: false,
      fullHeightHover: false,
      backgroundColor: '#0b3d60',
      altTag: 'Shree Ganesh Engineering Works: pumps, valves and gearboxes made in Pune',
    })
    .returning({ id: bannerSettings.id });
  await tx.insert(bannerImages).values(
    SLIDES.map((slide, position) => ({
      bannerId: banner.id,
      storageKey: slide.key,
      width: WIDTH,
      height: HEIGHT,
      position,
    })),
  );
}

function slideSvg(slide: (typeof SLIDES)[number]) {
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${slide.from}"/><stop offset="1" stop-color="${slide.to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="1380" cy="200" r="150" fill="#ffffff" opacity="0.12"/><circle cx="1450" cy="120" r="80" fill="#ffffff" opacity="0.1"/>
  <text x="120" y="190" ${font} font-size="64" font-weight="bold" fill="#ffffff">${slide.title}</text>
  <text x="120" y="260" ${font} font-size="34" fill="#ffffff" opacity="0.9">${slide.line}</text>
</svg>`;
}

/** Draws the demo banner's slides that are in the database but not in storage yet. */
export async function ensureDemoBannerImages(db: Db, storage: Storage) {
  const rows = await db
    .select({ storageKey: bannerImages.storageKey })
    .from(bannerImages)
    .where(like(bannerImages.storageKey, `${KEY_PREFIX}%`));
  for (const row of rows) {
    const slide = SLIDES.find((entry) => entry.key === row.storageKey);
    if (!slide) continue;
    if (await storage.has(`${slide.key}/large.webp`)) continue;
    const png = await sharp(Buffer.from(slideSvg(slide)))
      .png()
      .toBuffer();
    const prepared = await prepareImage(png);
    await storage.put(`${slide.key}/large.webp`, prepared.large);
    await storage.put(`${slide.key}/small.webp`, prepared.small);
  }
}
