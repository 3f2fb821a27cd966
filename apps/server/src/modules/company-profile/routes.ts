import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import {
  COMPANY_PROFILE_MESSAGES,
  MINI_SITE_PREFIX,
  companyProfileBodySchema,
  companyProfileSchema,
  facilitiesSchema,
  miniSiteParamsSchema,
  miniSiteSchema,
  profileImageSchema,
  profileImageUploadFieldsSchema,
} from '@tradeloop/contracts/company-profile';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common-constants';
import { invalid, notFound } from '../../platform/errors.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { addHeadRenderer } from '../../platform/web.ts';
import type { Tx } from '../../db/client.ts';
import { findCompanies } from '../accounts/public.ts';
import { readUpload } from '../../platform/uploads.ts';
import { drawDemoPicturesWhenReady } from '../../platform/demo-pictures.ts';
import { ensureDemoLogos } from './demo-logos.ts';
import { uploadProfileImage } from './images.ts';
import { miniSite } from './mini-site.ts';
import { miniSiteHeadRenderer } from './seo.ts';
import { companyProfile, saveCompanyProfile } from './service.ts';

const currencyQuerySchema = z.object({
  currency: z.coerce.number().int().positive().max(1_000_000).default(DEFAULT_CURRENCY_ID).catch(DEFAULT_CURRENCY_ID),
});

async function companyOf(db: Tx, companyId: number) {
  const [company] = await findCompanies(db, [companyId]);
  if (!company) throw notFound();
  return company;
}

/** The company profile and the public mini-site (issue 18; docs/decisions/044). */
export async function companyProfileRoutes(app: FastifyInstance, options: { demoPictures: boolean }) {
  await app.register(multipart);
  drawDemoPicturesWhenReady(app, options.demoPictures, 'demo company logos', (closing) =>
    ensureDemoLogos(app.db, app.storage, closing),
  );
  const route = routes(app);
  const profile = ['company presence: company profile'];

  addHeadRenderer(app, MINI_SITE_PREFIX, miniSiteHeadRenderer(app));

  route.get(
    '/api/v1/company_profile/view',
    {
      access: 'company',
      permission: 'presence',
      tags: profile,
      summary:
        'The company’s profile: business types with toggles, qaqc_rnd, registration address, facilities, certifications',
      data: companyProfileSchema,
    },
    async ({ member }) => companyProfile(app.db, await companyOf(app.db, member.companyId)),
  );

  route.get(
    '/api/v1/company_profile/view/company-Faclities',
    {
      access: 'company',
      permission: 'presence',
      tags: profile,
      summary:
        'The company’s facilities: selected_value, factoryData and the factory images (none when selected_value is no)',
      data: facilitiesSchema,
    },
    async ({ member }) => (await companyProfile(app.db, await companyOf(app.db, member.companyId))).facilities,
  );

  route.post(
    '/api/v1/company_profile/update',
    {
      access: 'company',
      permission: 'presence',
      tags: profile,
      summary: 'Save the whole company profile; images must be the company’s uploads, images taken out are deleted',
      body: companyProfileBodySchema,
      data: companyProfileSchema,
    },
    async ({ request, member }) => {
      const { profile: saved, removedKeys } = await app.db.transaction(async (tx) => {
        const result = await saveCompanyProfile(tx, await companyOf(tx, member.companyId), request.body);
        // Its mini-site and the pages that show the company go stale (decision 050).
        await app.events.emit(tx, 'company.changed', { companyId: member.companyId });
        return result;
      });
      await Promise.all(removedKeys.map((key) => app.storage.remove(key)));
      return withMessage(saved, COMPANY_PROFILE_MESSAGES.saved);
    },
  );

  route.post(
    '/api/v1/company_profile/upload',
    {
      access: 'company',
      permission: 'presence',
      tags: profile,
      summary:
        'Upload a factory picture, certificate or logo (PNG or JPEG by content and name); it shows once a save names it',
      description:
        'multipart/form-data with the field `file` and `kind` (factory, certificate or logo). A logo is at most 2 MB; ' +
        'an SVG is refused (422 on `file`): save it as PNG.',
      consumes: ['multipart/form-data'],
      data: profileImageSchema,
      status: 201,
    },
    async ({ request, member }) => {
      const upload = await readUpload(request, IMAGE_RULES.maxBytes, FILE_MESSAGES.imageTooLarge);
      const fields = profileImageUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalid({ kind: [FILE_MESSAGES.fileRequired] });
      const image = await uploadProfileImage(app.db, app.storage, member.companyId, fields.data.kind, upload);
      return withMessage(image, COMPANY_PROFILE_MESSAGES.imageUploaded);
    },
  );

  route.get(
    '/api/v1/front/mini-site/:slug',
    {
      access: 'public',
      tags: profile,
      summary: 'A company’s mini-site by its slug: company, profile, social links, followers, products, rating',
      params: miniSiteParamsSchema,
      querystring: currencyQuerySchema,
      data: miniSiteSchema,
    },
    async ({ request }) => miniSite(app.db, request.params.slug, { currency: request.query.currency }),
  );
}
