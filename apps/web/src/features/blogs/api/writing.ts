import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogPost, BlogWriteBody } from '@tradeloop/contracts/blogs';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { uploadFile } from '../../catalog/api/upload.ts';
import { blogKeys } from './blogs.ts';

// ---------------------------------------------------------------------------------------------
// Writing: a seller's posts, or the marketplace's (the platform operator)

export type BlogWriter = 'company' | 'operator';
const base = (writer: BlogWriter) => (writer === 'company' ? 'blogs/manage' : 'operator/blogs');

export function useMyPosts(writer: BlogWriter, page: number) {
  return useQuery({
    queryKey: [...blogKeys.mine(writer), page],
    queryFn: ({ signal }) =>
      apiData<{ data: BlogPost[]; currentPage: number; lastPage: number; perPage: number; total: number }>(
        `${base(writer)}/list`,
        {
          query: { page },
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMyPost(writer: BlogWriter, id: number | null) {
  return useQuery({
    queryKey: [...blogKeys.mine(writer), 'post', id],
    queryFn: ({ signal }) => apiData<BlogPost>(`${base(writer)}/${id}`, { signal }),
    enabled: id !== null,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blogKeys.all, refetchType: 'active' }).then(() => undefined);
}

/** Create (id null) or update a post; 422 rejects with the field errors for the form. */
export function useSavePost(writer: BlogWriter) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BlogWriteBody }) =>
      apiRequest<BlogPost>(id === null ? `${base(writer)}/create` : `${base(writer)}/update/${id}`, {
        method: 'POST',
        body,
        fieldErrors: 'form',
      }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void refresh();
    },
  });
}

export function usePublishPost(writer: BlogWriter) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      apiRequest<BlogPost>(`${base(writer)}/publish/${id}`, { method: 'POST', body: { published } }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void refresh();
    },
  });
}

export function useDeletePost(writer: BlogWriter) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number }>(`${base(writer)}/delete/${id}`, { method: 'POST' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void refresh();
    },
  });
}

export function useCover(writer: BlogWriter) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      file,
    }: {
      id: number;
      file: File | null;
    }): Promise<{ data: BlogPost; message?: string }> =>
      file
        ? uploadFile<BlogPost>(`${base(writer)}/cover/${id}`, file)
        : apiRequest<BlogPost>(`${base(writer)}/cover/${id}/delete`, { method: 'POST' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void refresh();
    },
  });
}
