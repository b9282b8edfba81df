import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { billIdOf, billsFirstData } from '@/features/bills/api/bills-first-data';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';
import { firstValue, pageMetadata, type PageSearchParams } from '@/shared/page-metadata';
import { BillsView } from './_components/bills-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Bills and estimates');

/**
 * Bills and estimates (/bills, issue 63): newest first, with the first page in the HTML (decision 0031).
 * `pet` in the URL is the filter, so back and reload keep it.
 */
export default async function BillsPage({ searchParams }: PageSearchParams) {
  const petId = billIdOf(firstValue((await searchParams).pet));
  return (
    <RequireAuth>
      <HydrationBoundary state={await billsFirstData((await getProfileOnServer())?.activationStatus, petId)}>
        <BillsView key={petId ?? 'all'} petId={petId} />
      </HydrationBoundary>
    </RequireAuth>
  );
}
