import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteStatusSchema,
  PROFILE_MESSAGES,
  profileSchema,
  profileViewBodySchema,
  updateProfileBodySchema,
} from '@tradeloop/contracts/accounts';
import {
  MOBILE_MESSAGES,
  mobileCheckBodySchema,
  mobileCodeSentSchema,
  mobileVerifiedSchema,
  mobileVerifyBodySchema,
} from '@tradeloop/contracts/accounts-mobile';
import {
  EMAIL_MESSAGES,
  emailChangeBodySchema,
  emailConfirmBodySchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
} from '@tradeloop/contracts/accounts-email';
import {
  passwordSetSchema,
  setPasswordBodySchema,
  SUB_ACCOUNT_MESSAGES,
  subAccountDeleteBodySchema,
  subAccountDeletedSchema,
  subAccountInviteBodySchema,
  subAccountSchema,
} from '@tradeloop/contracts/accounts-subaccounts';
import { forbidden } from '../../platform/errors.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { confirmEmail, requestEmailChange, requestEmailConfirmation } from './email.ts';
import { requestOrigin } from './audit/service.ts';
import { granterOf } from './roles-routes.ts';
import { deleteSubAccounts, inviteSubAccount, listSubAccounts, setSubAccountPassword } from './subaccounts.ts';
import { checkMobileCode, requestMobileCode } from './mobile.ts';
import { deleteStatus, getProfile, updateProfile } from './service.ts';

export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.post(
    '/api/v1/profile/view',
    {
      access: 'company',
      permission: 'crm.work',
      tags: ['accounts'],
      summary: 'Profile of a seller or sub-user',
      body: profileViewBodySchema,
      data: profileSchema,
    },
    async ({ request, user }) => {
      if (request.body.user_type !== user.userType) throw forbidden(PROFILE_MESSAGES.userTypeMismatch);
      return getProfile(app.db, user.id);
    },
  );

  route.get(
    '/api/v1/profile/view',
    { access: 'user', tags: ['accounts'], summary: 'Profile of the signed-in user', data: profileSchema },
    async ({ user }) => getProfile(app.db, user.id),
  );

  route.patch(
    '/api/v1/profile/updateProfile',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Update basic and job details',
      body: updateProfileBodySchema,
      data: profileSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const userId = user.id;
      const profile = await updateProfile(tx, userId, request.body);
      return withMessage(profile, PROFILE_MESSAGES.updated);
    },
  );

  route.get(
    '/api/v1/profile/verify/user_delete_status',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Whether the signed-in account has been deleted',
      querystring: z.object({ user_id: z.string().optional() }),
      data: deleteStatusSchema,
    },
    async ({ user }) => deleteStatus(app.db, user.id),
  );

  route.post(
    '/api/v1/profile/verify/mobile',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Text a 4-digit code to a new number (type new) or the number on the profile (type old)',
      description:
        'The code is valid 10 minutes and is never part of an answer. Codes are limited per number and per account (429).',
      body: mobileVerifyBodySchema,
      data: mobileCodeSentSchema,
    },
    async ({ request, user }) =>
      withMessage(await requestMobileCode(app, user.id, request.body), MOBILE_MESSAGES.codeSent),
  );

  route.post(
    '/api/v1/profile/verify/mobile_check',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Check the code; a right one saves the number on the profile as verified',
      description: 'Five wrong codes spend the code (429); an expired code answers 422.',
      body: mobileCheckBodySchema,
      data: mobileVerifiedSchema,
    },
    async ({ request, user }) =>
      withMessage(await checkMobileCode(app.db, user.id, request.body), MOBILE_MESSAGES.saved),
  );

  const emailDeps = () => ({
    db: app.db,
    mailer: app.mailer,
    rateLimiter: app.rateLimiter,
    publicUrl: app.config.publicUrl,
  });

  route.post(
    '/api/v1/profile/verify/email',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Mail a single-use confirmation link to the account’s address',
      description: '409 when the address is already confirmed; links are limited per account (429).',
      data: emailLinkSentSchema,
    },
    async ({ user }) => withMessage(await requestEmailConfirmation(emailDeps(), user.id), EMAIL_MESSAGES.linkSent),
  );

  route.post(
    '/api/v1/profile/email/change',
    {
      access: 'user',
      tags: ['accounts'],
      summary: 'Mail a confirmation link to a new address; the address changes once the link is opened',
      description: 'Accounts with a password must give it. The old address is told when the change is made.',
      body: emailChangeBodySchema,
      data: emailLinkSentSchema,
    },
    async ({ request, user }) =>
      withMessage(await requestEmailChange(emailDeps(), user.id, request.body), EMAIL_MESSAGES.changeLinkSent),
  );

  route.post(
    '/api/v1/profile/verify/email_confirm',
    {
      access: 'public',
      tags: ['accounts'],
      summary: 'Use an e-mail link: confirms the address, or replaces it with the new one',
      body: emailConfirmBodySchema,
      data: emailConfirmedSchema,
    },
    async ({ request }) => {
      const { message, ...confirmed } = await confirmEmail(app, request.body.token);
      return withMessage(confirmed, message);
    },
  );

  route.post(
    '/api/v1/sub_account/create',
    {
      access: 'company',
      permission: 'team',
      tags: ['accounts'],
      summary: 'Invite a sub-user by e-mail: the account, and a single-use link to set its password',
      body: subAccountInviteBodySchema,
      data: subAccountSchema,
      transaction: true,
    },
    async ({ request, member, user, tx }) =>
      withMessage(
        await inviteSubAccount(
          tx,
          { mailer: app.mailer, publicUrl: app.config.publicUrl },
          granterOf(request, member, user),
          request.body,
        ),
        SUB_ACCOUNT_MESSAGES.invited,
      ),
  );

  route.get(
    '/api/v1/sub_account/list',
    {
      access: 'company',
      permission: 'team',
      tags: ['accounts'],
      summary: 'The company’s sub-users, invited or active',
      data: z.array(subAccountSchema),
    },
    async ({ member }) => listSubAccounts(app.db, member.companyId),
  );

  route.post(
    '/api/v1/sub_account/delete',
    {
      access: 'company',
      permission: 'team',
      tags: ['accounts'],
      summary: 'Delete one or several sub-users (user_id: a comma list); their sessions end at once',
      description: 'Every id must be a sub-user of the caller’s company, otherwise 404 and nothing is deleted.',
      body: subAccountDeleteBodySchema,
      data: subAccountDeletedSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(
        await deleteSubAccounts(tx, { ...member, ...requestOrigin(request) }, request.body.user_id),
        SUB_ACCOUNT_MESSAGES.deleted,
      ),
  );

  route.post(
    '/api/v1/sub_account/set_password',
    {
      access: 'public',
      tags: ['accounts'],
      summary: 'Set an invited sub-user’s password with the e-mailed link',
      body: setPasswordBodySchema,
      data: passwordSetSchema,
    },
    async ({ request }) =>
      withMessage(
        await setSubAccountPassword(app.db, requestOrigin(request), request.body.token, request.body.password),
        SUB_ACCOUNT_MESSAGES.passwordSet,
      ),
  );
}
