import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannerPage, BannerSetting } from '@tradeloop/contracts/promotion';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { promotionKeys } from './keys.ts';

/** GET users/banner_setting/list: the company's banners, one per mini-site page. */
export function useBanners() {
  return useQuery({
    queryKey: promotionKeys.banners(),
    queryFn: ({ signal }) => apiData<BannerSetting[]>('users/banner_setting/list', { signal }),
  });
}

/**
 * POST users/banner_setting (create) or users/banner_setting/update/{id} (`_method` patch): the
 * fields, each toggle as on or off, and the new images, as multipart form data.
 */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, images }: { id?: number; fields: Record<string, string>; images: File[] }) => {
      const form = new FormData();
      if (id) form.append('_method', 'patch');
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const image of images) form.append('images', image, image.name);
      return apiRequest<BannerSetting>(id ? `users/banner_setting/update/${id}` : 'users/banner_setting', {
        method: 'POST',
        body: form,
        fieldErrors: 'form',
      });
    },
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.banners() });
    },
  });
}

/**
 * GET front/banners/{company_id}?page=…: the banner a mini-site page shows (its own, else the default),
 * or null. Meant for the mini-site's page data (decision 029), so the banner is in the served HTML.
 */
export const frontBannerQueryOptions = (companyId: number, page: BannerPage) =>
  queryOptions({
    queryKey: [...promotionKeys.all, 'front-banner', companyId, page] as const,
    queryFn: ({ signal }) =>
      apiData<{ banner: BannerSetting | null }>(`front/banners/${companyId}`, { query: { page }, signal }),
    staleTime: 5 * 60_000,
  });

export function useFrontBanner(companyId: number, page: BannerPage) {
  return useQuery(frontBannerQueryOptions(companyId, page));
}
