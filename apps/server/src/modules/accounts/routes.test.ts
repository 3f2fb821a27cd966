import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import { as, createTestApp, signUp } from '../../../test/helpers.ts';
import { createAccount } from './service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const viewAsSeller = (user: { token: string }, userType = 'seller') =>
  as(app, user, { method: 'POST', url: '/api/v1/profile/view', payload: { user_type: userType } });
const update = (user: { token: string }, payload: Record<string, unknown>) =>
  as(app, user, { method: 'PATCH', url: '/api/v1/profile/updateProfile', payload });

describe('POST /api/v1/profile/view', () => {
  it('answers the seller profile with every field of spec section 3', async () => {
    const seller = await signUp(app, 'seller');
    const response = await viewAsSeller(seller);
    expect(response.statusCode).toBe(200);
    const profile = response.json().data;
    for (const field of [
      'id',
      'created_at',
      'plan_status',
      'avatar_original',
      'full_name',
      'email_id',
      'mobile_verified',
      'role',
      'default_role',
      'member_id',
      'email_verified',
      'pending_fields',
      'complete_profile',
      'social_type',
      'country',
      'city',
      'postal_code',
      'gender',
      'state',
      'lats',
      'longs',
      'address',
      'street_address',
      'mobile_code',
      'mobile_country_code',
      'mobile',
      'online',
      'department',
      'designation',
      'main_language_1',
      'language',
      'time_zone',
      'procurement_priorities',
      'purchasing_authority',
      'technical_expertise',
      'years_of_experience',
      'job_function',
      'job_role',
      'industry_knowledge',
      'education',
      'location',
      'target_customer',
      'industry_expertise',
      'company_type',
      'sales_skills',
      'certification',
      'reg_street_address',
      'reg_additional_address',
      'registration_city',
      'reg_region_state_province',
      'registration_postalcode',
    ]) {
      expect(profile, field).toHaveProperty(field);
    }
    expect(profile.company_type).toBe('Manufacturers');
    expect(profile.plan_status).toEqual({ name: 'Free', icon: 'free' });
  });

  it('refuses a body naming another user type', async () => {
    const seller = await signUp(app, 'seller');
    const response = await viewAsSeller(seller, 'subuser');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PROFILE_MESSAGES.userTypeMismatch);
  });

  it('is for sellers and sub-users: a buyer gets 403, an anonymous caller 401', async () => {
    const buyer = await signUp(app, 'buyer');
    expect((await viewAsSeller(buyer)).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/view',
      payload: { user_type: 'seller' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves a sub-user its own profile inside its parent company', async () => {
    const seller = await signUp(app, 'seller');
    const subuser = await app.db.transaction((tx) =>
      createAccount(tx, {
        fullName: 'Sub User',
        emailId: `sub.${seller.id}@example.test`,
        passwordHash: null,
        userType: 'subuser',
        parent: { userId: seller.id, companyId: seller.companyId! },
      }),
    );
    expect(subuser.companyId).toBe(seller.companyId);
  });
});

describe('GET /api/v1/profile/view', () => {
  it('answers the buyer profile', async () => {
    const buyer = await signUp(app, 'buyer');
    const response = await as(app, buyer, { method: 'GET', url: '/api/v1/profile/view' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: buyer.id,
      user_type: 'others',
      role: 'buyer',
      company_name: null,
    });
  });
});

describe('PATCH /api/v1/profile/updateProfile', () => {
  it('saves basic and job details and recomputes completion', async () => {
    const buyer = await signUp(app, 'buyer');
    const before = (await as(app, buyer, { method: 'GET', url: '/api/v1/profile/view' })).json().data;
    const response = await update(buyer, {
      full_name: 'Bea Buyer-Smith',
      mobile: '9876543210',
      country: 'IN',
      city: 'Pune',
      designation: 'Head of Procurement',
      time_zone: 'Asia/Kolkata',
    });
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe(PROFILE_MESSAGES.updated);
    expect(data).toMatchObject({
      full_name: 'Bea Buyer-Smith',
      mobile: '9876543210',
      designation: 'Head of Procurement',
    });
    expect(data.complete_profile).toBeGreaterThan(before.complete_profile);
    expect(data.pending_fields).not.toContain('mobile');

    const reread = (await as(app, buyer, { method: 'GET', url: '/api/v1/profile/view' })).json().data;
    expect(reread).toMatchObject({ full_name: 'Bea Buyer-Smith', city: 'Pune', time_zone: 'Asia/Kolkata' });
  });

  it('clears a field sent empty', async () => {
    const buyer = await signUp(app, 'buyer');
    await update(buyer, { city: 'Pune' });
    const { data } = (await update(buyer, { city: '' })).json();
    expect(data.city).toBeNull();
  });

  it('refuses unknown fields, bad values and e-mail changes with 422 and field messages', async () => {
    const seller = await signUp(app, 'seller');
    const response = await update(seller, { time_zone: 'Mars/Olympus', country: 'India', email_id: 'x@y.z' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.time_zone).toEqual([PROFILE_MESSAGES.invalidTimeZone]);
    expect(errors.country).toEqual([PROFILE_MESSAGES.invalidCountry]);
  });

  it('keeps company registration address for sellers', async () => {
    const buyer = await signUp(app, 'buyer');
    const response = await update(buyer, { reg_street_address: '1 Dock Road' });
    expect(response.statusCode).toBe(422);
    const seller = await signUp(app, 'seller');
    const saved = await update(seller, { reg_street_address: '1 Dock Road', registration_city: 'Mumbai' });
    expect(saved.json().data).toMatchObject({ reg_street_address: '1 Dock Road', registration_city: 'Mumbai' });
  });
});

describe('GET /api/v1/profile/verify/user_delete_status', () => {
  it('answers false for a live account and 401 without a token', async () => {
    const buyer = await signUp(app, 'buyer');
    const response = await as(app, buyer, {
      method: 'GET',
      url: `/api/v1/profile/verify/user_delete_status?user_id=${buyer.id}`,
    });
    expect(response.json()).toEqual({ status: true, data: { user_deleted_status: false } });
    expect((await app.inject({ method: 'GET', url: '/api/v1/profile/verify/user_delete_status' })).statusCode).toBe(
      401,
    );
  });
});
