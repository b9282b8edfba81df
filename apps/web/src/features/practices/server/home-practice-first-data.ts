import type { DehydratedState } from '@tanstack/react-query';
import { firstData } from '@/shared/query/first-data';
import { getHomePracticeOnServer } from '@/features/practices/api/get-home-practice-on-server';
import { homePracticeQueryKey } from '@/features/practices/api/home-practice-query-key';

/** Your practice's first data (decision 0031): the home practice in the first HTML, or left out. */
export async function homePracticeFirstData(): Promise<DehydratedState> {
  return firstData([[homePracticeQueryKey, await getHomePracticeOnServer()]]);
}
