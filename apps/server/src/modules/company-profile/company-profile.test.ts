import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import {
  BUSINESS_TYPE_MISSING,
  COMPANY_PROFILE_MESSAGES,
  type CompanyProfile,
  type ProfileImage,
} from '@tradeloop/contracts/company-profile';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../test/helpers.ts';
import {
  createProductAs,
  inStockProduct,
  loadRefs,
  multipart,
  picture,
  signUpSubUser,
} from '../catalog/test-support.ts';
import { seededRoleId } from '../accounts/public.ts';
import { sellerOf, webDistWithIndex } from '../market/test-support.ts';

/** The company profile, its images, the public mini-site and its heads (decision 044). */

let app: FastifyInstance;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;

const HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">Pumps & valves <b onclick="x()">since</b> 1998';

beforeAll(async () => {
  app = await createTestApp({ WEB_DIST: webDistWithIndex(), PUBLIC_URL: 'https://trade.example' });
  const refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Profile Pumps', type: 'Manufacturers', country: 'IN' });
  other = await sellerOf(app, { name: 'Other Profile Co', type: 'Distributors', country: 'DE' });
  buyer = await signUp(app, 'buyer');
  await createProductAs(app, seller, inStockProduct(refs, { name: 'Profile Monoblock Pump' }));
});
afterAll(() => app.close());

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  user
    ? as(app, user, { method, url: `/api/v1/${url}`, payload: payload as never })
    : app.inject({ method, url: `/api/v1/${url}` });

async function upload(user: TestUser, kind: string, name: string, data: Buffer) {
  return as(app, user, {
    method: 'POST',
    url: '/api/v1/company_profile/upload',
    ...multipart({ name, data, type: 'image/png' }, { kind }),
  });
}

async function uploaded(user: TestUser, kind: 'factory' | 'certificate'): Promise<ProfileImage> {
  const response = await upload(user, kind, `${kind}.png`, await picture('png', 800, 600));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const fullProfile = (factoryIds: number[], certificateId: number | null) => ({
  business_type: [
    { name: 'Manufacturers', toggle: 1 },
    { name: 'Distributors', toggle: 0 },
  ],
  about: HOSTILE,
  qaqc_rnd: 'In-house test bench; R&D team of 12.',
  year_established: 1998,
  employees: '51-200',
  main_markets: ['India', 'Middle East', 'East Africa'],
  reg_street_address: 'Plot 14, MIDC Bhosari',
  reg_additional_address: 'Near Telco Road',
  registration_city: 'Pune',
  reg_region_state_province: 'Maharashtra',
  registration_postalcode: '411026',
  facilities: {
    selected_value: 'yes',
    factoryData: [{ name: 'Main plant', details: '6,000 m² machining and assembly', factoryImage: factoryIds }],
  },
  certifications: [{ name: 'ISO 9001:2015', issuer: 'TÜV', year: 2019, image_id: certificateId }],
});

describe('company profile', () => {
  it('starts empty with the company type on, and the helper’s text', async () => {
    const response = await call(other, 'GET', 'company_profile/view');
    expect(response.statusCode).toBe(200);
    const profile: CompanyProfile = response.json().data;
    expect(profile.business_type.find((entry) => entry.toggle === 1)).toEqual({ name: 'Distributors', toggle: 1 });
    expect(profile.business_type_name).toBe('Distributors');
    expect(profile.facilities).toEqual({ selected_value: 'no', factoryData: [], factory_images: [] });
  });

  it('saves every field, strips markup from text, and shows the factory images', async () => {
    const factory = await uploaded(seller, 'factory');
    const certificate = await uploaded(seller, 'certificate');
    expect(factory).toMatchObject({ kind: 'factory', width: 800, height: 600 });
    expect(factory.card).toMatch(/^\/uploads\/company-profile\/\d+\/.+\/card\.webp$/);
    const image = await app.inject({ method: 'GET', url: factory.thumb });
    expect(image.statusCode).toBe(200);

    const saved = await call(seller, 'POST', 'company_profile/update', fullProfile([factory.id], certificate.id));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(COMPANY_PROFILE_MESSAGES.saved);
    const profile: CompanyProfile = (await call(seller, 'GET', 'company_profile/view')).json().data;
    expect(profile).toMatchObject({
      business_type_name: 'Manufacturers',
      about: 'Pumps & valves since 1998',
      qaqc_rnd: 'In-house test bench; R&D team of 12.',
      year_established: 1998,
      employees: '51-200',
      main_markets: ['India', 'Middle East', 'East Africa'],
      registration_city: 'Pune',
      registration_postalcode: '411026',
      certifications: [{ name: 'ISO 9001:2015', issuer: 'TÜV', year: 2019, image: { id: certificate.id } }],
    });
    expect(profile.business_type).toHaveLength(7);
    expect(profile.facilities.factory_images.map((entry) => entry.id)).toEqual([factory.id]);
    expect(JSON.stringify(profile)).not.toMatch(/<script|onerror|onclick|<img|<b/);

    const facilities = (await call(seller, 'GET', 'company_profile/view/company-Faclities')).json().data;
    expect(facilities).toEqual(profile.facilities);
  });

  it('shows no factory images when selected_value is no, and no business type when no toggle is 1', async () => {
    const factory = await uploaded(other, 'factory');
    const body = {
      business_type: [{ name: 'Distributors', toggle: 0 }],
      facilities: { selected_value: 'no', factoryData: [{ name: 'Warehouse', factoryImage: [factory.id] }] },
    };
    const saved = await call(other, 'POST', 'company_profile/update', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const profile: CompanyProfile = saved.json().data;
    expect(profile.business_type_name).toBe(BUSINESS_TYPE_MISSING);
    expect(profile.facilities.factoryData[0].factoryImage.map((entry) => entry.id)).toEqual([factory.id]);
    expect(profile.facilities.factory_images).toEqual([]);
    const facilities = (await call(other, 'GET', 'company_profile/view/company-Faclities')).json().data;
    expect(facilities.factory_images).toEqual([]);
  });

  it('refuses another company’s images, wrong kinds, bad years and repeated types, in the spec’s words', async () => {
    const foreign = await uploaded(other, 'factory');
    const certificate = await uploaded(seller, 'certificate');
    const response = await call(seller, 'POST', 'company_profile/update', {
      ...fullProfile([foreign.id, certificate.id], null),
      year_established: 1700,
      business_type: [
        { name: 'Manufacturers', toggle: 1 },
        { name: 'Manufacturers', toggle: 0 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      year_established: [COMPANY_PROFILE_MESSAGES.yearInvalid],
      'business_type.1.name': [COMPANY_PROFILE_MESSAGES.businessTypeRepeated],
    });
    const second = await call(
      seller,
      'POST',
      'company_profile/update',
      fullProfile([foreign.id, certificate.id], null),
    );
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({
      'facilities.factoryData.0.factoryImage.0': [COMPANY_PROFILE_MESSAGES.imageNotFound],
      'facilities.factoryData.0.factoryImage.1': [COMPANY_PROFILE_MESSAGES.imageNotFound],
    });
    // Nothing changed.
    const profile: CompanyProfile = (await call(seller, 'GET', 'company_profile/view')).json().data;
    expect(profile.year_established).toBe(1998);
  });

  it('checks uploads by content and name', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, data] of [
      ['fake.png', svg],
      ['photo.gif', await picture('png')],
      ['renamed.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('not really')])],
    ] as const) {
      const response = await upload(seller, 'factory', name, data);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors).toEqual({ file: [FILE_MESSAGES.imageType] });
    }
    const noKind = await upload(seller, 'brochure', 'a.png', await picture('png'));
    expect(noKind.statusCode).toBe(422);
  });

  it('is the company’s: visitors 401, buyers 403, a sub-user needs the presence permission', async () => {
    for (const url of ['company_profile/view', 'company_profile/view/company-Faclities']) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call(buyer, 'GET', url)).statusCode).toBe(403);
    }
    expect((await call(buyer, 'POST', 'company_profile/update', {})).statusCode).toBe(403);
    const salesManager = await signUpSubUser(app, seller);
    expect((await call(salesManager, 'GET', 'company_profile/view')).statusCode).toBe(403);
    const roleId = await app.db.transaction((tx) => seededRoleId(tx, seller.companyId!, 'catalogue_manager'));
    const cataloguer = await signUpSubUser(app, seller, roleId);
    const asCataloguer = await call(cataloguer, 'GET', 'company_profile/view');
    expect(asCataloguer.statusCode).toBe(200);
    expect(asCataloguer.json().data.company_id).toBe(seller.companyId);
    expect(asCataloguer.json().data.about).toBe('Pumps & valves since 1998');
  });

  it('deletes the pictures a save takes out', async () => {
    const before: CompanyProfile = (await call(seller, 'GET', 'company_profile/view')).json().data;
    const [picture] = before.facilities.factory_images;
    expect((await app.inject({ method: 'GET', url: picture.card })).statusCode).toBe(200);
    const saved = await call(seller, 'POST', 'company_profile/update', fullProfile([], null));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.facilities.factory_images).toEqual([]);
    expect((await app.inject({ method: 'GET', url: picture.card })).statusCode).toBe(404);
  });
});

describe('mini-site', () => {
  it('answers the company, profile, products, followers and rating by slug, for anyone', async () => {
    await call(buyer, 'POST', 'front/follow', { company_id: seller.companyId });
    const response = await call(null, 'GET', 'front/mini-site/profile-pumps');
    expect(response.statusCode, response.body).toBe(200);
    const site = response.json().data;
    expect(site.company).toMatchObject({
      id: seller.companyId,
      name: 'Profile Pumps',
      slug: 'profile-pumps',
      business_type: 'Manufacturers',
      country_code: 'IN',
      country_name: 'India',
      verified: false,
      seller_user_id: seller.id,
    });
    expect(site.products).toBe(1);
    expect(site.featured_products.map((product: { name: string }) => product.name)).toEqual(['Profile Monoblock Pump']);
    expect(site.followers).toBe(1);
    expect(site.rating).toEqual({ average: null, count: 0 });
    expect(site.profile.about).toBe('Pumps & valves since 1998');
    expect((await call(null, 'GET', 'front/mini-site/no-such-company')).statusCode).toBe(404);
  });

  it('tells the seller of a new follower once, through the outbox', async () => {
    const fan = await signUp(app, 'buyer');
    const notices = async () =>
      ((await call(other, 'GET', 'notifications/list?type=product')).json().data.data as { title: string }[]).filter(
        (notice) => notice.title === 'New follower',
      );
    expect(await notices()).toHaveLength(0);
    await call(fan, 'POST', 'front/follow', { company_id: other.companyId });
    await call(fan, 'POST', 'front/follow', { company_id: other.companyId });
    await settled(app);
    expect(await notices()).toHaveLength(1);
    await call(fan, 'POST', `front/delete/follower_list/${other.companyId}`);
    await call(fan, 'POST', 'front/follow', { company_id: other.companyId });
    await settled(app);
    expect(await notices()).toHaveLength(1);
  });

  it('serves the pages’ heads: title, canonical, Open Graph, Organization JSON-LD; 404 for an unknown store', async () => {
    for (const [path, title] of [
      ['/mini-site/profile-pumps', '<title>Profile Pumps | TradeLoop</title>'],
      ['/mini-site/profile-pumps/about-us', '<title>About us · Profile Pumps | TradeLoop</title>'],
    ]) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      expect(head).toContain(title);
      expect(head).toContain(`<link rel="canonical" href="https://trade.example${path}" />`);
      expect(head).toContain('<meta property="og:title"');
      expect(head).not.toMatch(/<script>alert|onerror=/);
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]);
      expect(jsonLd).toMatchObject({
        '@type': 'Organization',
        name: 'Profile Pumps',
        url: 'https://trade.example/mini-site/profile-pumps',
        foundingDate: '1998',
        address: { addressLocality: 'Pune', postalCode: '411026', addressCountry: 'IN' },
      });
      expect(jsonLd.aggregateRating).toBeUndefined();
    }
    for (const path of ['/mini-site/no-such-company', '/mini-site/profile-pumps/nothing-here']) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('lists the mini-sites in the sitemap', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>https://trade.example/mini-site/profile-pumps</loc>');
    expect(sitemap.body).toContain('<loc>https://trade.example/mini-site/profile-pumps/about-us</loc>');
    expect(sitemap.body).not.toContain('/mini-site/other-profile-co<');
  });
});
