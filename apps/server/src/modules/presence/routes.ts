import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import {
  PRESENCE_MESSAGES,
  followBodySchema,
  followListQuerySchema,
  followStateSchema,
  followedCompaniesSchema,
  followedIdsSchema,
  followersPageSchema,
  socialAccountsSchema,
  socialListBodySchema,
  socialSubmitBodySchema,
} from '@tradeloop/contracts/presence';
import { routes, withMessage } from '../../platform/routes.ts';
import { follow, followState, followedCompanies, followedCompanyIds, followersOf, unfollow } from './followers.ts';
import { saveSocialAccounts, socialAccounts } from './social.ts';

/** A seller's public presence (issue 18; docs/decisions/043): social media accounts and followers. */
export async function presenceRoutes(app: FastifyInstance) {
  const route = routes(app);
  const social = ['company presence: social media'];
  const followers = ['company presence: followers'];

  route.post(
    '/api/v1/profile/list/social',
    {
      access: 'company',
      permission: 'presence',
      tags: social,
      summary: 'The company’s social media profile links, or the one of a network',
      body: socialListBodySchema,
      data: socialAccountsSchema,
    },
    async ({ request, member }) => socialAccounts(app.db, member.companyId, request.body.type),
  );

  route.post(
    '/api/v1/profile/submit/social',
    {
      access: 'company',
      permission: 'presence',
      tags: social,
      summary: 'Save one profile link per network and delete the accounts in delete_ids, all or nothing',
      body: socialSubmitBodySchema,
      data: socialAccountsSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await saveSocialAccounts(tx, member.companyId, request.body), PRESENCE_MESSAGES.socialSaved),
  );

  route.get(
    '/api/v1/front/follow/:id',
    {
      access: 'public',
      tags: followers,
      summary: 'How many follow company {id}, and whether the caller does',
      params: idParamsSchema,
      data: followStateSchema,
    },
    async ({ request, user }) => followState(app.db, user?.id ?? null, request.params.id),
  );

  route.post(
    '/api/v1/front/follow',
    {
      access: 'user',
      tags: followers,
      summary: 'Follow a company: its new products reach the caller’s notifications',
      body: followBodySchema,
      data: followStateSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const { state, added } = await follow(tx, user, request.body.company_id);
      if (added)
        await app.events.emit(tx, 'company.followed', { companyId: request.body.company_id, followerUserId: user.id });
      return withMessage(state, PRESENCE_MESSAGES.followed);
    },
  );

  route.post(
    '/api/v1/front/delete/follower_list/:id',
    {
      access: 'user',
      tags: followers,
      summary: 'Stop following company {id}',
      params: idParamsSchema,
      data: followStateSchema,
      transaction: true,
    },
    async ({ request, user, tx }) =>
      withMessage(await unfollow(tx, user.id, request.params.id), PRESENCE_MESSAGES.unfollowed),
  );

  route.get(
    '/api/v1/front/follower_list',
    {
      access: 'user',
      tags: followers,
      summary: 'The companies the caller follows, newest first',
      querystring: followListQuerySchema,
      data: followedCompaniesSchema,
    },
    async ({ request, user }) => followedCompanies(app.db, user.id, request.query),
  );

  route.get(
    '/api/v1/front/follower_list/ids',
    { access: 'user', tags: followers, summary: 'Ids of the companies the caller follows', data: followedIdsSchema },
    async ({ user }) => ({ ids: await followedCompanyIds(app.db, user.id) }),
  );

  route.get(
    '/api/v1/profile/followers',
    {
      access: 'company',
      permission: 'presence',
      tags: followers,
      summary: 'The company’s followers, newest first',
      querystring: followListQuerySchema,
      data: followersPageSchema,
    },
    async ({ request, member }) => followersOf(app.db, member.companyId, request.query),
  );
}
