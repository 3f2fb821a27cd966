import { z } from 'zod';

/*
 * Lead scoring (spec sections 3, 7 and 8; docs/decisions/040): eight groups of criteria, each criterion
 * a fact TradeLoop knows about a lead, weighted per company. A lead's score is 0 to 100.
 */

export const SCORING_GROUPS = [
  'lead_contact_info',
  'lead_company_info',
  'lead_bant',
  'fit_with_product',
  'buyer_engagement',
  'buyer_interaction',
  'buyer_engagement_with_platform',
  'buyer_Int_actions',
] as const;
export type ScoringGroup = (typeof SCORING_GROUPS)[number];

export type CriterionDef = { key: string; label: string; description: string; weight: number };
export type GroupDef = {
  key: ScoringGroup;
  label: string;
  description: string;
  weight: number;
  criteria: CriterionDef[];
};

/** Group weights are 0 to 100, criterion weights 0 to 10 (0 switches a group or criterion off). */
export const SCORING_LIMITS = { groupWeight: 100, criterionWeight: 10 } as const;

/** The criteria and their default weights; decision 040 says where each fact comes from. */
export const SCORING_CRITERIA: readonly GroupDef[] = [
  {
    key: 'lead_contact_info',
    label: 'Contact information',
    description: 'How reachable the person is.',
    weight: 10,
    criteria: [
      { key: 'email', label: 'E-mail on the lead', description: 'The lead has an e-mail address.', weight: 5 },
      { key: 'phone', label: 'Phone on the lead', description: 'The lead has a phone or mobile number.', weight: 5 },
      { key: 'full_name', label: 'Full name', description: 'Both first and last name are known.', weight: 2 },
      {
        key: 'mobile_verified',
        label: 'Verified mobile',
        description: "The buyer's marketplace account has a verified mobile number.",
        weight: 8,
      },
      {
        key: 'email_verified',
        label: 'Verified e-mail',
        description: "The buyer's marketplace account has a confirmed e-mail address.",
        weight: 5,
      },
    ],
  },
  {
    key: 'lead_company_info',
    label: 'Company information',
    description: 'What is known about the buying company.',
    weight: 10,
    criteria: [
      { key: 'company', label: 'Company named', description: 'The lead names a company.', weight: 4 },
      { key: 'country', label: 'Country known', description: 'The lead has a country.', weight: 3 },
      {
        key: 'company_size',
        label: 'Company size known',
        description: 'Number of employees or annual revenue is recorded.',
        weight: 3,
      },
      { key: 'website', label: 'Website', description: 'The lead has a website.', weight: 2 },
      {
        key: 'business_buyer',
        label: 'Business account',
        description: "The buyer's marketplace account belongs to a company with a company type.",
        weight: 3,
      },
    ],
  },
  {
    key: 'lead_bant',
    label: 'BANT',
    description: 'Budget, authority, need and timing as the seller recorded them on the lead.',
    weight: 20,
    criteria: [
      {
        key: 'budget',
        label: 'Budget',
        description: 'A budget (or annual revenue) is recorded, or a quote was priced.',
        weight: 5,
      },
      {
        key: 'authority',
        label: 'Authority',
        description: 'An authority is recorded, or the job title is a deciding one (owner, director, head, buyer…).',
        weight: 5,
      },
      {
        key: 'need',
        label: 'Need',
        description: 'A need is recorded, or the lead names a product interest or description.',
        weight: 5,
      },
      {
        key: 'timing',
        label: 'Timing',
        description: 'A timing is recorded, a follow-up date is set, or a quote gives a needed-by date.',
        weight: 5,
      },
    ],
  },
  {
    key: 'fit_with_product',
    label: 'Fit with your products',
    description: 'How well the request matches what you sell.',
    weight: 15,
    criteria: [
      {
        key: 'product_requested',
        label: 'Asked about a product',
        description: 'A quote request or chat is about one of your products.',
        weight: 5,
      },
      {
        key: 'quantity_stated',
        label: 'Quantity stated',
        description: 'A quote request gives a quantity.',
        weight: 3,
      },
      {
        key: 'large_quantity',
        label: 'Quantity of 100 or more',
        description: 'A quote request asks for at least 100 units.',
        weight: 4,
      },
      {
        key: 'configured',
        label: 'Configured product',
        description: 'A quote request chose a configuration (attributes) of the product.',
        weight: 3,
      },
    ],
  },
  {
    key: 'buyer_engagement',
    label: 'Engagement',
    description: "The buyer's browsing of your marketplace pages.",
    weight: 10,
    criteria: [
      { key: 'visited', label: 'Visited your pages', description: 'At least one signed-in visit.', weight: 3 },
      {
        key: 'product_views',
        label: 'Viewed 3 or more products',
        description: 'At least 3 distinct product pages of yours viewed.',
        weight: 4,
      },
      {
        key: 'time_on_pages',
        label: '2 minutes or more on your pages',
        description: 'At least 2 minutes spent on your pages in all.',
        weight: 3,
      },
      {
        key: 'returning',
        label: 'Came back',
        description: 'Two or more browsing sessions on your pages.',
        weight: 3,
      },
    ],
  },
  {
    key: 'buyer_interaction',
    label: 'Interaction',
    description: 'Quotes, chats, e-mails, calls and meetings with the buyer.',
    weight: 20,
    criteria: [
      { key: 'quote_requested', label: 'Requested a quote', description: 'A marketplace quote request.', weight: 8 },
      { key: 'chat_started', label: 'Started a chat', description: 'A marketplace chat enquiry.', weight: 5 },
      {
        key: 'repeat_requests',
        label: 'Several requests',
        description: 'Two or more quote requests or chats.',
        weight: 4,
      },
      { key: 'email_sent', label: 'E-mailed', description: 'An e-mail was sent from the lead.', weight: 2 },
      { key: 'call_logged', label: 'Call logged', description: 'A call with the lead is logged.', weight: 3 },
      { key: 'meeting_held', label: 'Meeting', description: 'A meeting with the lead is planned or held.', weight: 5 },
    ],
  },
  {
    key: 'buyer_engagement_with_platform',
    label: 'Platform activity',
    description: "The buyer's activity on the marketplace.",
    weight: 5,
    criteria: [
      {
        key: 'marketplace_account',
        label: 'Marketplace account',
        description: 'The lead is a signed-up marketplace buyer.',
        weight: 3,
      },
      {
        key: 'wishlisted',
        label: 'Wishlisted your product',
        description: 'The buyer keeps one of your products in their wishlist.',
        weight: 5,
      },
      {
        key: 'recently_active',
        label: 'Active in the last 30 days',
        description: 'The buyer was seen on the marketplace in the last 30 days.',
        weight: 3,
      },
    ],
  },
  {
    key: 'buyer_Int_actions',
    label: 'Intent actions',
    description: 'Clicks that show the buyer means to buy.',
    weight: 10,
    criteria: [
      {
        key: 'quote_click',
        label: 'Clicked "Get quote"',
        description: 'Clicked the get-quote button on your pages.',
        weight: 5,
      },
      {
        key: 'contact_click',
        label: 'Clicked "Contact seller"',
        description: 'Clicked contact seller on your pages.',
        weight: 5,
      },
      {
        key: 'intent_lead',
        label: 'Made by the intent rule',
        description: "The lead was made by the intent rule from the buyer's browsing (decision 032).",
        weight: 3,
      },
    ],
  },
];

export const SCORING_MESSAGES = {
  saved: 'Lead scoring saved successfully.',
  unknownCriterion: 'This criterion does not belong to the group.',
  duplicateGroup: 'Each group can be given once.',
  duplicateCriterion: 'Each criterion can be given once.',
  allGroupsOff: 'At least one group needs a weight above 0.',
} as const;

const weight = (max: number) =>
  z
    .number({ error: 'The weight must be a whole number.' })
    .int('The weight must be a whole number.')
    .min(0, 'The weight can not be negative.')
    .max(max, `The weight can be at most ${max}.`);

export const scoringCriterionSchema = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  weight: z.number().int(),
  default_weight: z.number().int(),
});

export const scoringGroupSchema = z.object({
  key: z.enum(SCORING_GROUPS),
  label: z.string(),
  description: z.string(),
  weight: z.number().int(),
  default_weight: z.number().int(),
  criteria: z.array(scoringCriterionSchema),
});

/** The background rescoring after a change of weights (the page shows its progress). */
export const rescoringSchema = z.object({
  status: z.enum(['idle', 'running', 'done']),
  total: z.number().int(),
  done: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Rescoring = z.infer<typeof rescoringSchema>;

/** GET score/criteria/list. */
export const scoringSettingsSchema = z.object({
  groups: z.array(scoringGroupSchema),
  version: z.number().int(),
  rescoring: rescoringSchema,
});
export type ScoringSettings = z.infer<typeof scoringSettingsSchema>;

/** POST score/criteria/store: the weights to change; groups and criteria left out keep theirs. */
export const scoringStoreBodySchema = z.object({
  groups: z
    .array(
      z.object({
        key: z.enum(SCORING_GROUPS, { error: 'Unknown scoring group.' }),
        weight: weight(SCORING_LIMITS.groupWeight).optional(),
        criteria: z
          .array(z.object({ key: z.string().min(1).max(60), weight: weight(SCORING_LIMITS.criterionWeight) }))
          .max(20)
          .optional(),
      }),
    )
    .min(1, 'Give at least one group.')
    .max(SCORING_GROUPS.length),
});
export type ScoringStoreBody = z.infer<typeof scoringStoreBodySchema>;

/** A lead's score and its breakdown by group (points out of the total's 100). */
export const leadScoreSchema = z.object({
  lead_id: z.number().int(),
  score: z.number().int().nullable(),
  groups: z.array(
    z.object({
      key: z.enum(SCORING_GROUPS),
      label: z.string(),
      /** Share of the group's criteria met, 0 to 100. */
      score: z.number().int(),
      /** What the group adds to the total. */
      points: z.number(),
      met: z.array(z.string()),
    }),
  ),
  scored_at: z.string().nullable(),
  /** The latest changes events made, newest first (at most LEAD_SCORE_HISTORY). */
  history: z.array(
    z.object({ score: z.number().int(), previous: z.number().int().nullable(), cause: z.string(), at: z.string() }),
  ),
});
export const LEAD_SCORE_HISTORY = 20;
export type LeadScore = z.infer<typeof leadScoreSchema>;

export const leadScoreQuerySchema = z.object({ lead_id: z.coerce.number().int().positive() });

/** The list column (an external field of leads, decision 040). */
export const SCORE_FIELD = { name: 'lead_score', label: 'Score' } as const;
