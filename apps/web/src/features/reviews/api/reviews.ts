import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CompanyReviewsPage,
  CreateReviewBody,
  Review,
  Reviewables,
  ReviewsPage,
  reportedReviewsPageSchema,
} from '@tradeloop/contracts/reviews';
import { REVIEW_LIMITS } from '@tradeloop/contracts/reviews-constants';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';
import { reviewKeys } from './keys.ts';

export type ReportedReviewsPage = z.infer<typeof reportedReviewsPageSchema>;

/**
 * POST front/mini-site/list-reviews?type=Review: a seller's reviews with its figures. The mini-site's
 * page data can name it, so the first page is rendered on the server.
 */
export const sellerReviewsQueryOptions = (companyId: number, page = 1) =>
  queryOptions({
    queryKey: reviewKeys.sellerPage(companyId, page),
    queryFn: ({ signal }) =>
      apiData<ReviewsPage>('front/mini-site/list-reviews', {
        method: 'POST',
        query: { type: 'Review' },
        body: { shop_id: companyId, page, per_page: REVIEW_LIMITS.perPage },
        signal,
      }),
  });

export function useSellerReviews(companyId: number, page: number) {
  return useQuery({ ...sellerReviewsQueryOptions(companyId, page), placeholderData: keepPreviousData });
}

/** GET front/reviews/reviewable: what the signed-in user may still review of this seller. */
export function useReviewables(companyId: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: reviewKeys.reviewable(companyId),
    queryFn: ({ signal }) =>
      apiData<Reviewables>('front/reviews/reviewable', { query: { company_id: companyId }, signal }),
    enabled: !!token,
  });
}

/** POST front/reviews/create; the seller's reviews, the offer of the form and product cards change. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) =>
      apiRequest<Review>('front/reviews/create', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    },
  });
}

/** POST front/reviews/{id}/report. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      apiRequest<null>(`front/reviews/${id}/report`, { method: 'POST', body: reason ? { reason } : {} }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
    },
  });
}

/** GET reviews: the seller's list of its company's reviews. */
export function useCompanyReviews(page: number, unanswered: boolean) {
  return useQuery({
    queryKey: reviewKeys.companyPage(page, unanswered),
    queryFn: ({ signal }) =>
      apiData<CompanyReviewsPage>('reviews', { query: { page, unanswered: unanswered ? '1' : undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST reviews/{id}/reply. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      apiRequest<Review>(`reviews/${id}/reply`, { method: 'POST', body: { text }, fieldErrors: 'form' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

/** GET operator/reviews: the platform operator's reported reviews. */
export function useReportedReviews(status: 'open' | 'hidden', page: number) {
  return useQuery({
    queryKey: reviewKeys.reportedPage(status, page),
    queryFn: ({ signal }) => apiData<ReportedReviewsPage>('operator/reviews', { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST operator/reviews/{id}/moderate. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      apiRequest<null>(`operator/reviews/${id}/moderate`, { method: 'POST', body: { hidden } }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    },
  });
}
