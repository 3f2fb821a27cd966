import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth';
import { createTestApp, signUp } from '../../test/helpers.ts';
import { countUsers, findPeople } from '../modules/accounts/public.ts';
import { ensureDemoBlogCovers } from '../modules/blogs/public.ts';
import { companyTypesInUse } from '../modules/accounts/test-support.ts';
import { countReceivedEnquiries } from '../modules/quotes/public.ts';
import { ratingSummary } from '../modules/ratings/public.ts';
import { loadDemoData } from './demo-data.ts';
import { ensureDemoLogos } from '../modules/company-profile/public.ts';

let app: FastifyInstance;
afterEach(() => app.close());

describe('demo data', () => {
  it('loads sellers of every company type, buyers and a sub-user into an empty database, once', async () => {
    app = await createTestApp();
    const first = await loadDemoData(app.crm, app.db);
    expect(first.loaded).toBe(true);
    const types = await companyTypesInUse(app.db);
    expect(types.sort()).toEqual([...COMPANY_TYPES].sort());

    const total = await countUsers(app.db);
    const second = await loadDemoData(app.crm, app.db);
    expect(second).toEqual({ loaded: false, reason: 'already loaded before' });
    const after = await countUsers(app.db);
    expect(after).toBe(total);

    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email_id: email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
    }
    const subuser = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email_id: DEMO_ACCOUNTS.subuser, password: DEMO_PASSWORD },
    });
    expect(subuser.json().data.user).toMatchObject({ user_type: 'subuser', role: 'sales' });
    expect(subuser.json().data.user.parent_user).toBeTypeOf('number');

    // The loop on the demo data: the demo seller's quote requests are leads with a type_1 thread each.
    const token = subuser.json().data.token;
    const threads = await app.inject({
      method: 'GET',
      url: '/crm/v1/thread/index?sort_by=oldest',
      headers: { authorization: `Bearer ${token}` },
    });
    const [demoSeller] = await findPeople(app.db, { email: DEMO_ACCOUNTS.seller });
    const requests = await countReceivedEnquiries(app.db, demoSeller.companyId!);
    expect(requests).toBeGreaterThan(0);
    expect(threads.json().data.total).toBe(requests);
    expect(threads.json().data.data[0]).toMatchObject({ type: 'type_1', lead_source: expect.any(String) });

    // Reviews of the demo seller (decision 045): two after enquiries, one after a conversation.
    expect(await ratingSummary(app.db, demoSeller.companyId!)).toMatchObject({
      count: 3,
      distribution: { 4: 2, 5: 1 },
    });
    // The demo seller's mini-site shows a filled company profile (decision 044).
    const store = await app.inject({ method: 'GET', url: '/api/v1/front/mini-site/shree-ganesh-engineering-works' });
    expect(store.statusCode).toBe(200);
    expect(store.json().data.profile).toMatchObject({
      business_type_name: 'Manufacturers',
      year_established: 1998,
      facilities: { selected_value: 'yes' },
    });
    expect(store.json().data.profile.certifications.length).toBeGreaterThan(0);
    expect(store.json().data.products).toBeGreaterThan(0);
    // Sellers joined over years (issue 42): "Member since" is not the day the demo was loaded.
    const directory = await app.inject({ method: 'GET', url: '/api/v1/front/sellers?per_page=50' });
    const joinYears = new Set(
      (directory.json().data.data as { member_since: string }[]).map((row) =>
        new Date(row.member_since).getUTCFullYear(),
      ),
    );
    expect(joinYears.size).toBeGreaterThanOrEqual(8);
    // Every demo seller has a drawn logo (issue 44): the mini-site shows it once the server drew its files.
    await ensureDemoLogos(app.db, app.storage);
    const logo = store.json().data.company.logo as string;
    expect(logo).toMatch(/^\/uploads\/demo\/logos\/company-\d+\/card\.webp$/);
    expect((await app.inject({ method: 'GET', url: logo })).headers['content-type']).toBe('image/webp');
    // Its directory card shows what buyers judge a supplier by: the logo, the rating and the verification.
    const card = (await app.inject({ method: 'GET', url: '/api/v1/front/sellers?search=Shree%20Ganesh' })).json().data
      .data[0];
    expect(card).toMatchObject({ logo, rating: { count: 3 }, member_type: 'Verified Supplier' });
    expect(card.rating.average).toBeCloseTo(4.3, 1);

    // Every demo post has a cover, drawn once its files are missing, as the server does when it starts.
    await ensureDemoBlogCovers(app.db, app.storage);
    const posts = (await app.inject({ method: 'GET', url: '/api/v1/blogs/getAll' })).json().data.data as {
      cover: { full: string; card: string } | null;
    }[];
    expect(posts.length).toBeGreaterThan(0);
    for (const { cover } of posts) {
      const full = await app.inject({ method: 'GET', url: cover!.full });
      expect(full.headers['content-type']).toBe('image/webp');
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
      expect((await app.inject({ method: 'GET', url: cover!.card })).statusCode).toBe(200);
    }
  });

  it('never loads over real data', async () => {
    app = await createTestApp();
    await signUp(app, 'seller');
    expect(await loadDemoData(app.crm, app.db)).toEqual({
      loaded: false,
      reason: 'the database already holds accounts',
    });
  });
});
