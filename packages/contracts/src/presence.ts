import { z } from 'zod';
import { page } from './common.ts';
import {
  PRESENCE_MESSAGES,
  PROFILE_LINK_MAX,
  SOCIAL_TYPES,
  isProfileLinkOf,
  socialNetwork,
} from './presence-constants.ts';

export * from './presence-constants.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// Social media accounts (spec section 7: profile/submit/social, profile/list/social)

export const socialAccountSchema = z.object({
  id: z.number().int(),
  type: z.enum(SOCIAL_TYPES),
  label: z.string(),
  profile_link: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

const socialEntrySchema = z
  .object({
    /** Present when an existing account's link changes. */
    id: id.optional(),
    type: z.enum(SOCIAL_TYPES),
    profile_link: z.string().trim().max(PROFILE_LINK_MAX),
  })
  .superRefine((entry, context) => {
    if (!isProfileLinkOf(entry.type, entry.profile_link))
      context.addIssue({
        code: 'custom',
        path: ['profile_link'],
        message: PRESENCE_MESSAGES.socialLinkInvalid(socialNetwork(entry.type)!.label),
      });
  });

/** Saves the links given (one per network) and deletes the accounts in `delete_ids`, in one transaction. */
export const socialSubmitBodySchema = z
  .object({
    social_data: z.array(socialEntrySchema).max(SOCIAL_TYPES.length).default([]),
    delete_ids: z.array(id).max(50).default([]),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.social_data.forEach((entry, index) => {
      if (seen.has(entry.type))
        context.addIssue({
          code: 'custom',
          path: ['social_data', index, 'type'],
          message: PRESENCE_MESSAGES.socialTypeRepeated,
        });
      seen.add(entry.type);
    });
  });
export type SocialSubmitBody = z.infer<typeof socialSubmitBodySchema>;

export const socialListBodySchema = z.object({ type: z.enum(SOCIAL_TYPES).optional() });
export const socialAccountsSchema = z.array(socialAccountSchema);

// ---------------------------------------------------------------------------------------------
// Followers (spec section 7: front/delete/follower_list/{id})

export const followBodySchema = z.object({ company_id: id });
export const followStateSchema = z.object({
  company_id: z.number().int(),
  following: z.boolean(),
  followers: z.number().int(),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const followListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});

/** A company the caller follows (the buyer's list; `id` is the company's, as front/delete/follower_list/{id} takes). */
export const followedCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country_code: z.string().nullable(),
  followed_at: z.string(),
});
export const followedCompaniesSchema = page(followedCompanySchema);

/** A follower of the caller's company (the seller's list). */
export const followerSchema = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  country: z.string().nullable(),
  company_name: z.string().nullable(),
  followed_at: z.string(),
});
export const followersPageSchema = page(followerSchema);
export const followedIdsSchema = z.object({ ids: z.array(z.number().int()) });
