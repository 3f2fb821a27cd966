/**
 * Reviews of sellers (issue 18; docs/decisions/045): limits and user-facing messages, without zod, so
 * the public pages (mini-site, product list) can read them without loading the schemas.
 */

export const REVIEW_LIMITS = {
  textMin: 10,
  textMax: 2000,
  replyMax: 2000,
  reasonMax: 500,
  perPage: 10,
  /** Reviews a buyer may write per hour, reports a user may send per hour. */
  createsPerHour: 10,
  reportsPerHour: 20,
} as const;

/** The "rating at least" filter of the product list: 1 to 4 stars (5 would be "only perfect"). */
export const RATING_FILTER_VALUES = [4, 3, 2, 1] as const;
export type RatingFilterValue = (typeof RATING_FILTER_VALUES)[number];
export const isRatingFilterValue = (value: unknown): value is RatingFilterValue =>
  (RATING_FILTER_VALUES as readonly number[]).includes(Number(value));

export const REVIEW_MESSAGES = {
  ratingRange: 'Please choose a rating from 1 to 5',
  textRequired: 'Please write your review',
  textTooShort: `A review needs at least ${REVIEW_LIMITS.textMin} characters.`,
  textTooLong: `A review can be at most ${REVIEW_LIMITS.textMax} characters.`,
  sourceRequired: 'Please choose the enquiry or conversation you are reviewing.',
  notEligible: 'You can review a seller after an enquiry or a conversation with them.',
  ownCompany: 'You cannot review your own company.',
  reviewEnquiryInstead: 'You have an enquiry with this seller: please review the enquiry.',
  alreadyReviewed: 'You have already reviewed this seller for this enquiry.',
  alreadyReviewedConversation: 'You have already reviewed this seller for this conversation.',
  reviewNotFound: 'Review not found.',
  companyNotFound: 'Seller not found.',
  replyRequired: 'Please write your reply',
  replyTooLong: `A reply can be at most ${REVIEW_LIMITS.replyMax} characters.`,
  alreadyReplied: 'You have already replied to this review.',
  reasonTooLong: `A reason can be at most ${REVIEW_LIMITS.reasonMax} characters.`,
  ownReviewReport: 'You cannot report your own review.',
  created: 'Thank you for your review.',
  replied: 'Your reply is published.',
  reported: 'Thank you. The review will be checked by our team.',
  hidden: 'The review is hidden.',
  shown: 'The review is shown again.',
} as const;
