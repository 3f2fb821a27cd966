import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productListPageSchema } from '@tradeloop/contracts/catalog';
import {
  AD_LIMITS,
  BANNER_LIMITS,
  PROMOTION_MESSAGES,
  adClickBodySchema,
  adClickSchema,
  adCreateBodySchema,
  adListBodySchema,
  adProductListQuerySchema,
  adSchema,
  adUpdateBodySchema,
  adsPageSchema,
  bannerCreateFieldsSchema,
  bannerParamsSchema,
  bannerSettingSchema,
  bannerSettingsSchema,
  bannerUpdateFieldsSchema,
  frontBannerParamsSchema,
  frontBannerQuerySchema,
  frontBannerSchema,
  sponsoredQuerySchema,
  sponsoredSchema,
} from '@tradeloop/contracts/promotion';
import { z } from 'zod';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import { invalid } from '../../platform/errors.ts';
import { drawDemoPicturesWhenReady } from '../../platform/demo-pictures.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { listProducts, issuesToErrors } from '../catalog/public.ts';
import { isBot } from '../tracking/public.ts';
import { onPageEffect } from '../../platform/page-effects.ts';
import { adDetails, countClick, createAd, deleteAd, listAds, sponsoredAds, updateAd } from './ads.ts';
import {
  createBanner,
  listBanners,
  pageBanner,
  prepareImage,
  storeImages,
  updateBanner,
  type PreparedImage,
} from './banners.ts';
import { AD_FLUSH_EVERY_MS, createAdCounters } from './counters.ts';
import { ensureDemoBannerImages } from './demo-data.ts';

type Form = { fields: Record<string, string>; images: PreparedImage[] };

/**
 * A banner form: text fields and up to BANNER_LIMITS.imagesMax files (any file field; the spec's
 * `images`), each checked by content and resized as it arrives. A body that is not multipart is
 * read as fields only (a change of toggles needs no file).
 */
async function readBannerForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(
      Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { fields, images: [] };
  }
  const fields: Record<string, string> = {};
  const images: PreparedImage[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: BANNER_LIMITS.maxBytes, files: BANNER_LIMITS.imagesMax, fields: 30, fieldSize: 1000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) images.push(await prepareImage(data));
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ images: [PROMOTION_MESSAGES.imageTooLarge] });
    if (code === 'FST_FILES_LIMIT') throw invalid({ images: [PROMOTION_MESSAGES.imagesTooMany] });
    if (code?.startsWith('FST_')) throw invalid({ images: [PROMOTION_MESSAGES.imageType] });
    throw error;
  }
  return { fields, images };
}

function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw invalid(issuesToErrors(parsed.error.issues));
  return parsed.data;
}

/** Ads and banners (issue 18; docs/decisions/047). */
export async function promotionRoutes(fastify: FastifyInstance, options: { demoPictures: boolean }) {
  await fastify.register(multipart);
  drawDemoPicturesWhenReady(fastify, options.demoPictures, 'demo banner pictures', () =>
    ensureDemoBannerImages(fastify.db, fastify.storage),
  );
  const app = fastify;
  const route = routes(fastify);
  const counters = createAdCounters(fastify.db);
  fastify.jobs.local('promotion.ad-counters', AD_FLUSH_EVERY_MS, counters.flush);
  onPageEffect(fastify, 'promotion.impressions', (adIds, request) => {
    if (isBot(request.headers['user-agent'])) return;
    for (const adId of adIds) counters.count(Number(adId), 'impressions');
  });
  const adTags = ['promotion: ads'];
  const bannerTags = ['promotion: banners'];

  route.post(
    '/api/v1/ads/getlist',
    {
      access: 'company',
      permission: 'ads',
      tags: adTags,
      summary: 'The company’s ads, newest first, with status (scheduled, running, ended), impressions and clicks',
      body: adListBodySchema,
      data: adsPageSchema,
    },
    async ({ request, member }) => {
      await counters.flush();
      return listAds(app.db, member.companyId, request.body);
    },
  );

  route.post(
    '/api/v1/ads/create',
    {
      access: 'company',
      permission: 'ads',
      tags: adTags,
      summary: 'Create an ad for the company’s own products between two UTC days',
      body: adCreateBodySchema,
      data: adSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const ad = await createAd(tx, member.companyId, request.body);
      await app.events.emit(tx, 'promotion.changed', { companyId: member.companyId });
      return withMessage(ad, PROMOTION_MESSAGES.adCreated);
    },
  );

  route.post(
    '/api/v1/ads/update',
    {
      access: 'company',
      permission: 'ads',
      tags: adTags,
      summary: 'Change an ad (id in the body): type, search terms, products and dates',
      body: adUpdateBodySchema,
      data: adSchema,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const { id, ...body } = request.body;
      const ad = await updateAd(tx, member.companyId, id, body);
      await app.events.emit(tx, 'promotion.changed', { companyId: member.companyId });
      return withMessage(ad, PROMOTION_MESSAGES.adUpdated);
    },
  );

  route.get(
    '/api/v1/ads/delete/:id',
    {
      access: 'company',
      permission: 'ads',
      tags: adTags,
      summary: 'Delete an ad (spec: GET ads/delete/{id}); its counts go with it',
      params: idParamsSchema,
      data: z.object({ id: z.number().int() }),
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await deleteAd(tx, member.companyId, request.params.id), PROMOTION_MESSAGES.adDeleted),
  );

  route.get(
    '/api/v1/ads/getdetails/:id',
    {
      access: 'company',
      permission: 'ads',
      tags: adTags,
      summary: 'One ad of the company with its products and counts',
      params: idParamsSchema,
      data: adSchema,
    },
    async ({ request, member }) => {
      await counters.flush();
      return adDetails(app.db, member.companyId, request.params.id);
    },
  );

  route.get(
    '/api/v1/ads/product/list',
    {
      access: 'company',
      permission: 'ads',
      tags: adTags,
      summary: `The company’s products to choose an ad’s from (spec: product/list, per_page ${AD_LIMITS.pickerPerPage})`,
      querystring: adProductListQuerySchema,
      data: productListPageSchema,
    },
    async ({ request, member }) =>
      listProducts(app.db, member.companyId, { ...request.query, status: 'all', sort: 'name' }),
  );

  route.get(
    '/api/v1/front/ads/sponsored',
    {
      access: 'public',
      tags: adTags,
      summary: `At most ${AD_LIMITS.slots} running ads matching a search (keyword, category_id) or a product page (product_id)`,
      description:
        'Ads run from their start date to their end date, whole UTC days. Each answered ad counts one impression ' +
        '(not for bots). Products are public list cards in `currency`.',
      querystring: sponsoredQuerySchema,
      data: sponsoredSchema,
    },
    async ({ request }) =>
      sponsoredAds(app.db, request.query, { counters, countImpressions: !isBot(request.headers['user-agent']) }),
  );

  route.post(
    '/api/v1/front/ads/click/:id',
    {
      access: 'public',
      tags: adTags,
      summary: 'Count a click on a sponsored card of running ad {id} (not for bots)',
      params: idParamsSchema,
      body: adClickBodySchema,
      data: adClickSchema,
    },
    async ({ request }) =>
      countClick(app.db, request.params.id, request.body.product_id, {
        counters,
        countable: !isBot(request.headers['user-agent']),
      }),
  );

  route.get(
    '/api/v1/users/banner_setting/list',
    {
      access: 'company',
      permission: 'ads',
      tags: bannerTags,
      summary: 'The company’s banners, one per mini-site page, with their images',
      data: bannerSettingsSchema,
    },
    async ({ member }) => listBanners(app.db, member.companyId),
  );

  route.post(
    '/api/v1/users/banner_setting',
    {
      access: 'company',
      permission: 'ads',
      tags: bannerTags,
      summary: 'Create the banner of a mini-site page',
      description:
        'multipart/form-data: page, background_color (#rrggbb), alt_tag, the toggles (on or off; missing is off) and ' +
        `1 to ${BANNER_LIMITS.imagesMax} PNG or JPEG images (checked by content, resized to WebP).`,
      consumes: ['multipart/form-data'],
      data: bannerSettingSchema,
      status: 201,
    },
    async ({ request, member }) => {
      const form = await readBannerForm(request);
      const fields = parseFields(bannerCreateFieldsSchema, form.fields);
      if (form.images.length === 0) throw invalid({ images: [PROMOTION_MESSAGES.imagesRequired] });
      const stored = await storeImages(app.storage, member.companyId, form.images);
      try {
        const banner = await app.db.transaction(async (tx) => {
          const created = await createBanner(tx, member.companyId, fields, stored);
          await app.events.emit(tx, 'promotion.changed', { companyId: member.companyId });
          return created;
        });
        return withMessage(banner, PROMOTION_MESSAGES.bannerSaved);
      } catch (error) {
        await Promise.all(stored.map((image) => app.storage.remove(image.storageKey)));
        throw error;
      }
    },
  );

  route.post(
    '/api/v1/users/banner_setting/update/:id',
    {
      access: 'company',
      permission: 'ads',
      tags: bannerTags,
      summary: 'Change a banner (spec: POST with _method patch): fields sent change, images added or removed',
      description:
        'multipart/form-data (or JSON without images): any of the create fields, new images, and delete_image_ids ' +
        '(comma-separated ids of the banner’s images to remove).',
      params: bannerParamsSchema,
      consumes: ['multipart/form-data', 'application/json'],
      data: bannerSettingSchema,
    },
    async ({ request, member }) => {
      const form = await readBannerForm(request);
      const fields = parseFields(bannerUpdateFieldsSchema, form.fields);
      const stored = await storeImages(app.storage, member.companyId, form.images);
      try {
        const { banner, removedKeys } = await app.db.transaction(async (tx) => {
          const updated = await updateBanner(tx, member.companyId, request.params.id, fields, stored);
          await app.events.emit(tx, 'promotion.changed', { companyId: member.companyId });
          return updated;
        });
        await Promise.all(removedKeys.map((key) => app.storage.remove(key)));
        return withMessage(banner, PROMOTION_MESSAGES.bannerUpdated);
      } catch (error) {
        await Promise.all(stored.map((image) => app.storage.remove(image.storageKey)));
        throw error;
      }
    },
  );

  route.get(
    '/api/v1/front/banners/:company_id',
    {
      access: 'public',
      tags: bannerTags,
      summary: 'The banner a mini-site page shows: the page’s own when active, else the company’s active default',
      params: frontBannerParamsSchema,
      querystring: frontBannerQuerySchema,
      data: frontBannerSchema,
    },
    async ({ request }) => ({ banner: await pageBanner(app.db, request.params.company_id, request.query.page) }),
  );
}
