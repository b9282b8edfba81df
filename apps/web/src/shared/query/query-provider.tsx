'use client';

import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/**
 * The query cache of the pages that read the API from the browser (the `(portal)` route group, decision
 * 0118), with what the server already asked for (`state`) in it. Pages drawn on the server sit outside it
 * and ship no TanStack Query. One client per visit to those pages, never shared between users.
 */
export function QueryProvider({ state, children }: { state?: DehydratedState; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={state}>{children}</HydrationBoundary>
    </QueryClientProvider>
  );
}
