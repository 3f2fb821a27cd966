import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogPicture, BlogPost, BlogWriteBody } from '@tradeloop/contracts/blogs';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { uploadFile } from '../../../lib/file-transfer.ts';
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

/** A writer's change: its message as a toast, then every blog query still shown is read again. */
function useWriterMutation<V, T>(mutationFn: (variables: V) => Promise<{ data: T; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: blogKeys.all, refetchType: 'active' });
    },
  });
}

/** Create (id null) or update a post; 422 rejects with the field errors for the form. */
export const useSavePost = (writer: BlogWriter) =>
  useWriterMutation(({ id, body }: { id: number | null; body: BlogWriteBody }) =>
    apiRequest<BlogPost>(id === null ? `${base(writer)}/create` : `${base(writer)}/update/${id}`, {
      method: 'POST',
      body,
      fieldErrors: 'form',
    }),
  );

export const usePublishPost = (writer: BlogWriter) =>
  useWriterMutation(({ id, published }: { id: number; published: boolean }) =>
    apiRequest<BlogPost>(`${base(writer)}/publish/${id}`, { method: 'POST', body: { published } }),
  );

export const useDeletePost = (writer: BlogWriter) =>
  useWriterMutation((id: number) => apiRequest<{ id: number }>(`${base(writer)}/delete/${id}`, { method: 'POST' }));

/** Upload a cover (a file) or remove it (null). */
export const useCover = (writer: BlogWriter) =>
  useWriterMutation(({ id, file }: { id: number; file: File | null }) =>
    file
      ? uploadFile<BlogPost>(`${base(writer)}/cover/${id}`, file)
      : apiRequest<BlogPost>(`${base(writer)}/cover/${id}/delete`, { method: 'POST' }),
  );

/** Upload a picture for a post's text; answers its address and size (422: the file's error). */
export const usePicture = (writer: BlogWriter) =>
  useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      uploadFile<BlogPicture>(`${base(writer)}/picture/${id}`, file).then((result) => result.data),
  });
