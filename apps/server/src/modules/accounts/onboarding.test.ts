import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import { INTEREST_LIMITS, ONBOARDING_MESSAGES } from '@tradeloop/contracts/accounts-onboarding';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common-constants';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { createAccount } from './service.ts';

let app: FastifyInstance;
let categoryIds: number[];
beforeAll(async () => {
  app = await createTestApp();
  const tree = (await app.inject({ method: 'GET', url: '/api/v1/category/all' })).json().data as { id: number }[];
  categoryIds = tree.slice(0, 2).map((category) => category.id);
  if (categoryIds.length < 2) throw new Error('the reference categories are missing');
});
afterAll(() => app.close());

const progress = (user: TestUser) => as(app, user, { method: 'GET', url: '/api/v1/onboarding' });
const step = (user: TestUser, payload: Record<string, unknown>) =>
  as(app, user, { method: 'POST', url: '/api/v1/onboarding/step', payload });
const interests = (user: TestUser, payload: Record<string, unknown>) =>
  as(app, user, { method: 'PUT', url: '/api/v1/onboarding/interests', payload });
const dismiss = (user: TestUser) => as(app, user, { method: 'POST', url: '/api/v1/onboarding/welcome/dismiss' });

describe('GET /api/v1/onboarding', () => {
  it('answers a new seller the four seller steps, all pending, starting with the company', async () => {
    const seller = await signUp(app, 'seller');
    const response = await progress(seller);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      steps: [
        { step: 'company', status: 'pending' },
        { step: 'job', status: 'pending' },
        { step: 'mobile', status: 'pending' },
        { step: 'product', status: 'pending' },
      ],
      current_step: 'company',
      finished: false,
      welcome_seen: false,
      show_welcome: false,
      interests: { category_ids: [], country_codes: [] },
    });
  });

  it('answers a new buyer the interests and first-search steps', async () => {
    const buyer = await signUp(app, 'buyer');
    const { data } = (await progress(buyer)).json();
    expect(data.steps).toEqual([
      { step: 'interests', status: 'pending' },
      { step: 'search', status: 'pending' },
    ]);
    expect(data.current_step).toBe('interests');
    expect(data.pending_fields).toContain('interests');
  });

  it('gives a sub-user no steps: there is nothing to set up, and no welcome pops up', async () => {
    const seller = await signUp(app, 'seller');
    const sub = await app.db.transaction((tx) =>
      createAccount(tx, {
        fullName: 'Sub User',
        emailId: `onb.sub.${seller.id}@example.test`,
        passwordHash: null,
        userType: 'subuser',
        parent: { userId: seller.id, companyId: seller.companyId! },
      }),
    );
    const { getOnboarding } = await import('./onboarding.ts');
    const answer = await getOnboarding(app.db, sub.userId);
    expect(answer).toMatchObject({ steps: [], current_step: null, finished: true, show_welcome: false });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/onboarding' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SERVER_MESSAGES.unauthenticated);
  });
});

describe('POST /api/v1/onboarding/step', () => {
  it('saves a done step and a skipped one with their messages, and resumes at the next pending step', async () => {
    const seller = await signUp(app, 'seller');
    const done = await step(seller, { step: 'company', status: 'done' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(ONBOARDING_MESSAGES.stepSaved);
    const skipped = await step(seller, { step: 'job', status: 'skipped' });
    expect(skipped.json().message).toBe(ONBOARDING_MESSAGES.stepSkipped);
    const { data } = (await progress(seller)).json();
    expect(data.steps.slice(0, 2)).toEqual([
      { step: 'company', status: 'done' },
      { step: 'job', status: 'skipped' },
    ]);
    expect(data.current_step).toBe('mobile');
    expect(data.finished).toBe(false);
  });

  it('finishes onboarding once no step is pending, and the welcome is then due once', async () => {
    const seller = await signUp(app, 'seller');
    for (const name of ['company', 'job', 'mobile']) await step(seller, { step: name, status: 'skipped' });
    expect((await progress(seller)).json().data.show_welcome).toBe(false);
    const last = (await step(seller, { step: 'product', status: 'done' })).json().data;
    expect(last).toMatchObject({ finished: true, current_step: null, show_welcome: true, welcome_seen: false });

    const dismissed = await dismiss(seller);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().message).toBe(ONBOARDING_MESSAGES.welcomeDismissed);
    expect((await progress(seller)).json().data).toMatchObject({ show_welcome: false, welcome_seen: true });
  });

  it('refuses the mobile step as done until the number is verified', async () => {
    const seller = await signUp(app, 'seller');
    const response = await step(seller, { step: 'mobile', status: 'done' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ step: [ONBOARDING_MESSAGES.mobileNotVerified] });
    expect((await step(seller, { step: 'mobile', status: 'skipped' })).statusCode).toBe(200);
  });

  it('refuses a step of the other user type, an unknown step or status with 422 and field messages', async () => {
    const buyer = await signUp(app, 'buyer');
    const other = await step(buyer, { step: 'company', status: 'done' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ step: [ONBOARDING_MESSAGES.stepUnknown] });

    const bad = await step(buyer, { step: 'dance', status: 'pending' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      step: [ONBOARDING_MESSAGES.stepUnknown],
      status: [ONBOARDING_MESSAGES.statusInvalid],
    });
  });

  it('keeps each user’s progress to themselves', async () => {
    const first = await signUp(app, 'seller');
    const second = await signUp(app, 'seller');
    await step(first, { step: 'company', status: 'done' });
    const { data } = (await progress(second)).json();
    expect(data.steps[0]).toEqual({ step: 'company', status: 'pending' });
    expect(data.current_step).toBe('company');
  });
});

describe('PUT /api/v1/onboarding/interests', () => {
  it('saves a buyer’s categories and countries, marks the step done and moves the completion', async () => {
    const buyer = await signUp(app, 'buyer');
    const before = (await progress(buyer)).json().data.complete_profile;
    const response = await interests(buyer, { category_ids: categoryIds, country_codes: ['IN', 'DE'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ONBOARDING_MESSAGES.interestsSaved);
    const { data } = response.json();
    expect(data.interests).toEqual({ category_ids: categoryIds, country_codes: ['IN', 'DE'] });
    expect(data.steps[0]).toEqual({ step: 'interests', status: 'done' });
    expect(data.current_step).toBe('search');
    expect(data.complete_profile).toBeGreaterThan(before);
    expect(data.pending_fields).not.toContain('interests');

    const profile = (await as(app, buyer, { method: 'GET', url: '/api/v1/profile/view' })).json().data;
    expect(profile.complete_profile).toBe(data.complete_profile);
  });

  it('refuses unknown categories and countries, an empty choice and too many, with field messages', async () => {
    const buyer = await signUp(app, 'buyer');
    const unknown = await interests(buyer, { category_ids: [987654], country_codes: ['QQ'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      category_ids: [ONBOARDING_MESSAGES.categoryUnknown],
      country_codes: [ONBOARDING_MESSAGES.countryUnknown],
    });
    const empty = await interests(buyer, { category_ids: [], country_codes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ category_ids: [ONBOARDING_MESSAGES.interestsRequired] });
    const many = await interests(buyer, {
      country_codes: Array.from({ length: INTEREST_LIMITS.countries + 1 }, () => 'IN'),
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.country_codes).toEqual([ONBOARDING_MESSAGES.tooManyCountries]);
    expect((await progress(buyer)).json().data.steps[0].status).toBe('pending');
  });

  it('is a buyer’s: a seller gets 403', async () => {
    const seller = await signUp(app, 'seller');
    const response = await interests(seller, { country_codes: ['IN'] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PROFILE_MESSAGES.userTypeMismatch);
  });

  it('keeps one buyer’s interests invisible to another', async () => {
    const first = await signUp(app, 'buyer');
    const second = await signUp(app, 'buyer');
    await interests(first, { country_codes: ['IN'] });
    expect((await progress(second)).json().data.interests).toEqual({ category_ids: [], country_codes: [] });
  });
});

describe('PATCH /api/v1/profile/updateProfile from the company step', () => {
  it('moves the seller’s completion and the company’s type', async () => {
    const seller = await signUp(app, 'seller');
    const before = (await progress(seller)).json().data.complete_profile;
    const response = await as(app, seller, {
      method: 'PATCH',
      url: '/api/v1/profile/updateProfile',
      payload: {
        company_type: 'Distributors',
        country: 'IN',
        reg_street_address: '1 Dock Road',
        registration_city: 'Mumbai',
        reg_region_state_province: 'Maharashtra',
        registration_postalcode: '400001',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await progress(seller)).json().data.complete_profile).toBeGreaterThan(before);
    // The company's own type (what sign-in answers as local user data) follows the owner's choice.
    const signin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email_id: seller.email, password: DEMO_PASSWORD },
    });
    expect(signin.json().data.user.company_type).toBe('Distributors');
  });
});
