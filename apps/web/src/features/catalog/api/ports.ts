import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { portSchema } from '@tradeloop/contracts/reference';
import { apiData } from '../../../lib/api-client.ts';

type Port = z.infer<typeof portSchema>;

/** GET /api/v1/ports/seaports or /ports/airports, searched as the seller types. */
export function usePortSearch(kind: 'seaports' | 'airports', search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['reference', 'ports', kind, term],
    queryFn: ({ signal }) => apiData<Port[]>(`ports/${kind}`, { query: { search: term, limit: 10 }, signal }),
    enabled: term.length >= 2,
    staleTime: Infinity,
  });
}

export const portLabel = (port: Port) => `${port.name} (${port.code})`;
