import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';

/**
 * The browser's query cache once a page's first data (decision 0031) is handed over, as
 * `HydrationBoundary` hydrates it: for tests of what a `*FirstData` puts under which key.
 */
export async function browserCacheOf(firstData: Promise<DehydratedState>): Promise<QueryClient> {
  const queryClient = new QueryClient();
  hydrate(queryClient, await firstData);
  return queryClient;
}
