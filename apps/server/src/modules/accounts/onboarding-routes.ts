import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  interestsBodySchema,
  ONBOARDING_MESSAGES,
  onboardingSchema,
  onboardingStepBodySchema,
} from '@tradeloop/contracts/accounts-onboarding';
import { routes, withMessage } from '../../platform/routes.ts';
import { dismissWelcome, getOnboarding, type KnownCategories, markStep, saveInterests } from './onboarding.ts';

/** Onboarding progress, a buyer's interests and the welcome modal (decision 039): each user's own. */
export async function onboardingRoutes(fastify: FastifyInstance, options: { knownCategories: KnownCategories }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['accounts: onboarding'];

  route.get(
    '/api/v1/onboarding',
    {
      access: 'user',
      tags,
      summary: 'The signed-in user’s onboarding steps, where they stand, and whether the welcome is due',
      data: onboardingSchema,
    },
    async ({ user }) => getOnboarding(app.db, user.id),
  );

  route.post(
    '/api/v1/onboarding/step',
    {
      access: 'user',
      tags,
      summary: 'Mark one of the user’s steps done or skipped; the last one finishes onboarding',
      description: 'The mobile step is done only once the number is verified (422 otherwise).',
      body: onboardingStepBodySchema,
      data: onboardingSchema,
      transaction: true,
    },
    async ({ request, user, tx }) =>
      withMessage(
        await markStep(tx, user.id, request.body),
        request.body.status === 'done' ? ONBOARDING_MESSAGES.stepSaved : ONBOARDING_MESSAGES.stepSkipped,
      ),
  );

  route.put(
    '/api/v1/onboarding/interests',
    {
      access: 'user',
      tags,
      summary: 'A buyer’s interests (category ids, ISO country codes); marks the interests step done',
      description: 'Buyers only (403 otherwise). Unknown categories or countries answer 422.',
      body: interestsBodySchema,
      data: onboardingSchema,
    },
    async ({ request, user }) =>
      withMessage(
        await saveInterests(app.db, user.id, request.body, options.knownCategories),
        ONBOARDING_MESSAGES.interestsSaved,
      ),
  );

  route.post(
    '/api/v1/onboarding/welcome/dismiss',
    {
      access: 'user',
      tags,
      summary: 'The welcome modal was closed: it is not shown again',
      data: onboardingSchema,
      transaction: true,
    },
    async ({ user, tx }) => withMessage(await dismissWelcome(tx, user.id), ONBOARDING_MESSAGES.welcomeDismissed),
  );
}
