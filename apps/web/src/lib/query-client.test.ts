import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

/** A read that answers the stored files as they were when it began, once `release` is called. */
function slowFilesRead(files: string[]) {
  const releases: (() => void)[] = [];
  const queryFn = () => {
    const seen = [...files];
    return new Promise<string[]>((resolve) => releases.push(() => resolve(seen)));
  };
  return { queryFn, release: () => releases.splice(0).forEach((release) => release()) };
}

/** A tab opens (its first read starts), a file is uploaded, the write invalidates: what does the tab show? */
async function filesShownAfterUpload(client: QueryClient) {
  const files: string[] = [];
  const read = slowFilesRead(files);
  const observer = new QueryObserver(client, { queryKey: ['files'], queryFn: read.queryFn });
  const unsubscribe = observer.subscribe(() => {});
  files.push('price-list.pdf');
  const invalidated = client.invalidateQueries({ queryKey: ['files'] });
  // Both reads (the first, and any the invalidation started) answer now, the first one first.
  for (let round = 0; round < 3; round += 1) {
    read.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await invalidated;
  const shown = client.getQueryData<string[]>(['files']);
  unsubscribe();
  client.clear();
  return shown;
}

describe('the query client', () => {
  it('asks again for a read still waiting for its first answer when a write invalidates it', async () => {
    expect(await filesShownAfterUpload(createQueryClient())).toEqual(['price-list.pdf']);
  });

  it("differs from TanStack Query's own client, which keeps the read begun before the write", async () => {
    expect(await filesShownAfterUpload(new QueryClient())).toEqual([]);
  });
});
