import {
  planMembershipsSchema,
  practicePlansSchema,
  type PlanMembership,
  type PracticePlans,
} from '@vet/contracts/plans';
import { getServerConfig } from '@/config/server';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/** GET /v2/plan-memberships for the dashboard; undefined when the API could not say. */
export async function getPlanMembershipsOnServer(): Promise<PlanMembership[] | undefined> {
  return (await getFromApiOnServer(['v2', 'plan-memberships'], planMembershipsSchema)).data?.memberships;
}

/**
 * GET /practices/{id}/plans (public) for the server-drawn plans page: 'not-found' for a practice that
 * does not exist; undefined when the API does not answer well within two seconds.
 */
export async function practicePlansForPage(
  practiceId: number,
): Promise<PracticePlans | 'not-found' | undefined> {
  try {
    const response = await fetch(`${getServerConfig().apiUrl}/practices/${practiceId}/plans`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(2_000),
      cache: 'no-store',
    });
    if (response.status === 404) return 'not-found';
    if (!response.ok) return undefined;
    return practicePlansSchema.parse(await response.json());
  } catch {
    return undefined;
  }
}
