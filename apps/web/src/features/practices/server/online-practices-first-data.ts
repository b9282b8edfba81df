import type { DehydratedState } from '@tanstack/react-query';
import { firstData } from '@/shared/query/first-data';
import { onlinePracticesQueryKey } from '@/features/practices/api/online-practices-query-key';
import { onlinePracticesForPage } from './online-practices-for-page';

/**
 * The practices for a page's first data (decision 0031): under the key the browser's query reads, from
 * the list kept a minute for every visitor; left out when the API cannot give it (the browser asks).
 */
export async function onlinePracticesFirstData(): Promise<DehydratedState> {
  return firstData([[onlinePracticesQueryKey, await onlinePracticesForPage()]]);
}
