import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { serialIdOf } from '@/features/plans/plan-text';
import { JoinView } from './_components/join-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Join a health plan');

/**
 * Join a health plan (/plans/join?petId&planId, issue 65 part 3): signed-in owners; without petId the
 * owner picks which pet first.
 */
export default async function JoinPlanPage({ searchParams }: PageSearchParams) {
  const params = await searchParams;
  const petId = serialIdOf(firstValue(params.petId));
  const planId = serialIdOf(firstValue(params.planId));
  return (
    <RequireAuth>
      <JoinView key={`${petId}-${planId}`} petId={petId} planId={planId} />
    </RequireAuth>
  );
}
