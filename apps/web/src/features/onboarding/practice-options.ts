import type { OnlinePractice } from '@vet/contracts/practices';
import type { UseQueryResult } from '@tanstack/react-query';
import { useInBrowser } from '@/shared/components/use-in-browser';

/** The online practices as an onboarding form offers them, with a way to ask again when they failed. */
export interface PracticeOptions {
  list: readonly OnlinePractice[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * The list usually comes with the page, but the practice chosen before is read in the browser only: the
 * field offers the list from the render after hydration, so the server's HTML and the hydrating render
 * agree (decision 0046).
 */
export function usePracticeOptions(
  practices: Pick<UseQueryResult<OnlinePractice[]>, 'data' | 'isPending' | 'isError' | 'refetch'>,
): PracticeOptions {
  const inBrowser = useInBrowser();
  return {
    list: inBrowser ? practices.data : undefined,
    loading: !inBrowser || practices.isPending,
    failed: practices.isError,
    retry: () => void practices.refetch(),
  };
}
