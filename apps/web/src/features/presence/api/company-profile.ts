import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyProfile,
  CompanyProfileBody,
  ProfileImage,
  ProfileImageKind,
} from '@tradeloop/contracts/company-profile';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { uploadFile } from '../../../lib/file-transfer.ts';
import { miniSiteKeys } from '../../../lib/query-keys/mini-site.ts';
import { presenceKeys } from './keys.ts';

/** GET company_profile/view: the company's profile as the seller edits it (decision 044). */
export function useCompanyProfile() {
  return useQuery({
    queryKey: presenceKeys.companyProfile(),
    queryFn: ({ signal }) => apiData<CompanyProfile>('company_profile/view', { signal }),
  });
}

/** POST company_profile/update: the whole profile at once. */
export function useSaveCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyProfileBody) =>
      apiRequest<CompanyProfile>('company_profile/update', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      queryClient.setQueryData(presenceKeys.companyProfile(), result.data);
      void queryClient.invalidateQueries({ queryKey: miniSiteKeys.all });
    },
  });
}

/** POST company_profile/upload: a factory picture or certificate, checked by content; a save shows it. */
export function useUploadProfileImage() {
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: ProfileImageKind }) =>
      uploadFile<ProfileImage>('company_profile/upload', file, { kind }).then((result) => result.data),
  });
}
