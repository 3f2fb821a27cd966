import { and, eq, isNull } from 'drizzle-orm';
import type { UserType } from '@tradeloop/contracts/auth';
import {
  BUYER_STEPS,
  type InterestsBody,
  ONBOARDING_MESSAGES,
  type Onboarding,
  type OnboardingStep,
  SELLER_STEPS,
  type OnboardingStepBody,
} from '@tradeloop/contracts/accounts-onboarding';
import { PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import { countryNamesByCode } from '../reference/public.ts';
import { profileCompletion } from './service.ts';
import { onboarding, users } from './tables.ts';

/**
 * Onboarding (decision 039): a seller's and a buyer's steps, saved per user on the server so they
 * can be skipped and resumed anywhere; a buyer's interests; the welcome modal's dismissal.
 */

/** The steps of a user type; sub-users have none (they work inside their seller's company). */
export function stepsOf(userType: UserType): readonly OnboardingStep[] {
  if (userType === 'seller') return SELLER_STEPS;
  if (userType === 'others') return BUYER_STEPS;
  return [];
}

async function liveUser(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ userType: users.userType, mobileVerified: users.mobileVerified })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound();
  return user;
}

async function progressRow(tx: Tx, userId: number) {
  const [row] = await tx.select().from(onboarding).where(eq(onboarding.userId, userId)).limit(1);
  return row ?? null;
}

export async function getOnboarding(tx: Tx, userId: number): Promise<Onboarding> {
  const user = await liveUser(tx, userId);
  const row = await progressRow(tx, userId);
  const steps = stepsOf(user.userType).map((step) => ({ step, status: row?.steps[step] ?? ('pending' as const) }));
  const current = steps.find((step) => step.status === 'pending')?.step ?? null;
  const finished = row?.finishedAt != null || current === null;
  const welcomeSeen = row?.welcomeSeenAt != null;
  return {
    steps,
    current_step: current,
    finished,
    welcome_seen: welcomeSeen,
    // Only people who went through onboarding are welcomed: accounts made before it, seeded or
    // invited ones never see the modal pop up (decision 039).
    show_welcome: row?.finishedAt != null && !welcomeSeen,
    interests: { category_ids: row?.interestCategoryIds ?? [], country_codes: row?.interestCountryCodes ?? [] },
    ...(await profileCompletion(tx, userId)),
  };
}

/** Writes a step's status; the row is made on the first step, and finished once no step is pending. */
async function recordStep(tx: Tx, userId: number, userType: UserType, body: OnboardingStepBody) {
  const row = await progressRow(tx, userId);
  const steps = { ...row?.steps, [body.step]: body.status };
  const allLeft = stepsOf(userType).every((step) => steps[step] !== undefined);
  const now = new Date();
  const finishedAt = row?.finishedAt ?? (allLeft ? now : null);
  await tx
    .insert(onboarding)
    .values({ userId, steps, finishedAt })
    .onConflictDoUpdate({ target: onboarding.userId, set: { steps, finishedAt, updatedAt: now } });
}

export async function markStep(tx: Tx, userId: number, body: OnboardingStepBody): Promise<Onboarding> {
  const user = await liveUser(tx, userId);
  if (!stepsOf(user.userType).includes(body.step)) {
    throw invalid({ step: [ONBOARDING_MESSAGES.stepUnknown] });
  }
  // The mobile step is done when the number is verified (through the existing verify-mobile calls).
  if (body.step === 'mobile' && body.status === 'done' && user.mobileVerified !== 'verified') {
    throw invalid({ step: [ONBOARDING_MESSAGES.mobileNotVerified] });
  }
  await recordStep(tx, userId, user.userType, body);
  return getOnboarding(tx, userId);
}

/**
 * The catalogue's categories, by id. The catalog stands above accounts (its products belong to
 * companies), so app.ts hands its category tree in (decision 054).
 */
export type KnownCategories = (db: Db) => Promise<{ byId: ReadonlyMap<number, unknown> }>;

/** A buyer's interests: categories of the catalogue, countries of the reference data; the step is done. */
export async function saveInterests(
  db: Db,
  userId: number,
  body: InterestsBody,
  knownCategories: KnownCategories,
): Promise<Onboarding> {
  const user = await liveUser(db, userId);
  if (user.userType !== 'others') throw forbidden(PROFILE_MESSAGES.userTypeMismatch);
  const categoryIds = [...new Set(body.category_ids ?? [])];
  const countryCodes = [...new Set(body.country_codes ?? [])];
  const [tree, countries] = await Promise.all([knownCategories(db), countryNamesByCode(db)]);
  const errors: Record<string, string[]> = {};
  if (categoryIds.some((id) => !tree.byId.has(id))) errors.category_ids = [ONBOARDING_MESSAGES.categoryUnknown];
  if (countryCodes.some((code) => !countries.has(code))) errors.country_codes = [ONBOARDING_MESSAGES.countryUnknown];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return db.transaction(async (tx) => {
    await recordStep(tx, userId, user.userType, { step: 'interests', status: 'done' });
    await tx
      .update(onboarding)
      .set({ interestCategoryIds: categoryIds, interestCountryCodes: countryCodes, updatedAt: new Date() })
      .where(eq(onboarding.userId, userId));
    return getOnboarding(tx, userId);
  });
}

/** The welcome modal was closed: it is not shown again, on any device. */
export async function dismissWelcome(tx: Tx, userId: number): Promise<Onboarding> {
  await liveUser(tx, userId);
  const now = new Date();
  await tx
    .insert(onboarding)
    .values({ userId, welcomeSeenAt: now })
    .onConflictDoUpdate({ target: onboarding.userId, set: { welcomeSeenAt: now, updatedAt: now } });
  return getOnboarding(tx, userId);
}

/** The categories and countries a buyer chose in onboarding (none when they skipped it): their recommendations. */
export async function buyerInterests(db: Tx, userId: number) {
  const row = await progressRow(db, userId);
  return { categoryIds: row?.interestCategoryIds ?? [], countryCodes: row?.interestCountryCodes ?? [] };
}
