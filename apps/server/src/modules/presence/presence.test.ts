import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_MESSAGES, type SocialAccount } from '@tradeloop/contracts/presence';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../catalog/test-support.ts';
import { sellerOf, setStatus } from '../market/test-support.ts';

/** Social media accounts and followers (decision 043). */

let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Presence Pumps', type: 'Manufacturers', country: 'IN' });
  buyer = await signUp(app, 'buyer');
});
afterAll(() => app.close());

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  user
    ? as(app, user, { method, url: `/api/v1/${url}`, payload: payload as never })
    : app.inject({ method, url: `/api/v1/${url}` });

async function socialOf(user: TestUser, type?: string): Promise<SocialAccount[]> {
  const response = await call(user, 'POST', 'profile/list/social', type ? { type } : {});
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('social media accounts', () => {
  it('saves one https link per network, lists them in the networks’ order, and by type', async () => {
    const saved = await call(seller, 'POST', 'profile/submit/social', {
      social_data: [
        { type: 'youtube', profile_link: 'https://www.youtube.com/@presencepumps' },
        { type: 'linkedin', profile_link: 'https://www.linkedin.com/company/presence-pumps' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(PRESENCE_MESSAGES.socialSaved);
    expect(saved.json().data.map((account: SocialAccount) => account.type)).toEqual(['linkedin', 'youtube']);
    expect((await socialOf(seller, 'youtube')).map((account) => account.profile_link)).toEqual([
      'https://www.youtube.com/@presencepumps',
    ]);
  });

  it('changes a link in place and deletes by id, in one call', async () => {
    const [linkedin, youtube] = await socialOf(seller);
    const response = await call(seller, 'POST', 'profile/submit/social', {
      social_data: [{ id: linkedin.id, type: 'linkedin', profile_link: 'https://linkedin.com/company/pp' }],
      delete_ids: [youtube.id],
    });
    expect(response.statusCode).toBe(200);
    expect(await socialOf(seller)).toEqual([{ ...linkedin, profile_link: 'https://linkedin.com/company/pp' }]);
  });

  it('refuses a link of another network, plain http, a repeated network, and another company’s ids, saving nothing', async () => {
    const before = await socialOf(seller);
    const wrong = await call(seller, 'POST', 'profile/submit/social', {
      social_data: [
        { type: 'facebook', profile_link: 'https://evil.example/facebook.com' },
        { type: 'instagram', profile_link: 'http://instagram.com/pp' },
        { type: 'x', profile_link: 'https://x.com/pp' },
        { type: 'x', profile_link: 'https://twitter.com/pp' },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'social_data.0.profile_link': [PRESENCE_MESSAGES.socialLinkInvalid('Facebook')],
      'social_data.1.profile_link': [PRESENCE_MESSAGES.socialLinkInvalid('Instagram')],
      'social_data.3.type': [PRESENCE_MESSAGES.socialTypeRepeated],
    });

    const other = await sellerOf(app, { name: 'Other Presence', type: 'Manufacturers', country: 'DE' });
    const foreign = await call(other, 'POST', 'profile/submit/social', {
      social_data: [{ type: 'x', profile_link: 'https://x.com/other' }],
      delete_ids: [before[0].id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'delete_ids.0': [PRESENCE_MESSAGES.socialNotFound] });
    expect(await socialOf(other)).toEqual([]);
    expect(await socialOf(seller)).toEqual(before);
  });
});

describe('followers', () => {
  it('a buyer follows a company once, sees it in their list, and unfollows', async () => {
    const companyId = seller.companyId!;
    const anonymous = await call(null, 'GET', `front/follow/${companyId}`);
    expect(anonymous.json().data).toEqual({ company_id: companyId, following: false, followers: 0 });

    for (let time = 0; time < 2; time += 1) {
      const followed = await call(buyer, 'POST', 'front/follow', { company_id: companyId });
      expect(followed.statusCode).toBe(200);
      expect(followed.json()).toMatchObject({
        message: PRESENCE_MESSAGES.followed,
        data: { following: true, followers: 1 },
      });
    }
    const list = (await call(buyer, 'GET', 'front/follower_list')).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: companyId, name: 'Presence Pumps', country_code: 'IN' });
    expect((await call(buyer, 'GET', 'front/follower_list/ids')).json().data.ids).toEqual([companyId]);

    const followers = (await call(seller, 'GET', 'profile/followers')).json().data;
    expect(followers.data).toEqual([expect.objectContaining({ user_id: buyer.id, full_name: 'Bea Buyer' })]);

    const gone = await call(buyer, 'POST', `front/delete/follower_list/${companyId}`);
    expect(gone.json()).toMatchObject({
      message: PRESENCE_MESSAGES.unfollowed,
      data: { following: false, followers: 0 },
    });
    expect((await call(buyer, 'GET', 'front/follower_list')).json().data.total).toBe(0);
  });

  it('refuses the caller’s own company and an unknown one', async () => {
    const own = await call(seller, 'POST', 'front/follow', { company_id: seller.companyId });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ company_id: [PRESENCE_MESSAGES.followOwnCompany] });
    const unknown = await call(buyer, 'POST', 'front/follow', { company_id: 987654321 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PRESENCE_MESSAGES.companyNotFound);
  });

  it('tells followers of a new public product once, through the outbox', async () => {
    const maker = await sellerOf(app, { name: 'Announcing Valves', type: 'Manufacturers', country: 'IN' });
    await call(buyer, 'POST', 'front/follow', { company_id: maker.companyId });
    const unread = async () =>
      (await call(buyer, 'GET', 'notifications/list?type=product')).json().data.data as {
        title: string;
        body: string;
        link: string;
      }[];

    const product = (await createProductAs(app, maker, { ...inStockProduct(refs), name: 'Announced Gate Valve' })) as {
      id: number;
    };
    await settled(app);
    const told = await unread();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'New from Announcing Valves',
      body: 'Announcing Valves listed Announced Gate Valve.',
    });
    expect(told[0].link).toMatch(/^\/productdetail\//);

    // Hidden and published again: no second notice.
    await setStatus(app, maker, product.id, 'inactive');
    await setStatus(app, maker, product.id, 'active');
    await settled(app);
    expect(await unread()).toHaveLength(1);

    // The product page's seller card counts followers and shows the links.
    await call(maker, 'POST', 'profile/submit/social', {
      social_data: [{ type: 'facebook', profile_link: 'https://facebook.com/announcing' }],
    });
    const page = await app.inject({ method: 'GET', url: `/api/v1/front/product/detail/${product.id}` });
    expect(page.json().data.seller).toMatchObject({
      followers: 1,
      social: [{ type: 'facebook', label: 'Facebook', profile_link: 'https://facebook.com/announcing' }],
    });
  });
});
