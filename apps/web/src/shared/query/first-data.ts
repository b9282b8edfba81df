import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';

/** One answer for the browser's cache: the key its query reads, and the data (undefined: left out). */
export type FirstDataEntry = readonly [queryKey: readonly unknown[], data: unknown];

/**
 * A page's first data, fetched while it renders on the server (decision 0031: no client fetch waterfall
 * before the first paint), as the browser's cache would hold it: TanStack Query's hydration
 * (`HydrationBoundary`) puts each answer under the key the browser's query reads, which refetches it only
 * once it is stale, as any other answer. What the server could not get (signed out, not linked, the API
 * unreachable) is left out, and the browser asks for it as before (decision 0031).
 */
export function firstData(entries: readonly FirstDataEntry[]): DehydratedState {
  const queryClient = new QueryClient();
  for (const [queryKey, data] of entries) {
    if (data !== undefined) queryClient.setQueryData(queryKey, data);
  }
  return dehydrate(queryClient);
}
