import type { PetPlans } from '@vet/contracts/plans';
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';

/**
 * The reasons each pet's health plan covers with some left (GET /v2/pets/{petId}/plans, issue 65,
 * decision 0164): booking one says "Covered by your plan" instead of its price. Read by booking itself,
 * since features never import each other; a failed read covers nothing (the price shows, as before).
 */
export function usePlanCover(petIds: readonly number[]): ReadonlyMap<number, ReadonlySet<number>> {
  const api = useApiClient();
  const reads = useQueries({
    queries: petIds.map((petId) => ({
      queryKey: ['plans', 'pet', petId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<PetPlans>(`/v2/pets/${petId}/plans`, { signal }),
      staleTime: 60_000,
    })),
  });
  const cover = new Map<number, ReadonlySet<number>>();
  petIds.forEach((petId, index) => {
    const plans = reads[index]?.data;
    const ids = plans?.memberships.flatMap((membership) => membership.coveredReasonIds) ?? [];
    cover.set(petId, new Set(ids));
  });
  return cover;
}

/** Whether a pet's plan covers a reason, by the map usePlanCover answered. */
export const isCovered = (
  cover: ReadonlyMap<number, ReadonlySet<number>>,
  petId: number | undefined,
  reasonId: number | undefined,
) => petId !== undefined && reasonId !== undefined && (cover.get(petId)?.has(reasonId) ?? false);
