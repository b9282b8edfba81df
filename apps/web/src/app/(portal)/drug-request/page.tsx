import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { prescriptionRequestsFirstData } from '@/features/prescriptions/api/prescription-requests-first-data';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { DrugRequestView } from './_components/drug-request-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Repeat prescriptions');

/**
 * Drug request (/drug-request, decision 0111): the client's repeat prescription requests, in the first
 * HTML (decision 0031). `sent=1`: a request was just sent, which the page says (decision 0144).
 */
export default async function DrugRequestPage({ searchParams }: PageSearchParams) {
  const sent = firstValue((await searchParams).sent) === '1';
  return (
    <RequireAuth>
      <HydrationBoundary
        state={await prescriptionRequestsFirstData((await getProfileOnServer())?.activationStatus)}
      >
        <DrugRequestView sent={sent} />
      </HydrationBoundary>
    </RequireAuth>
  );
}
