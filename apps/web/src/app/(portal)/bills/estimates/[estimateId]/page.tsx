import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { billIdOf, estimateFirstData } from '@/features/bills/api/bills-first-data';
import { EstimateView } from '@/features/bills/components/estimate-view';
import { pageMetadata } from '@/shared/page-metadata';

type EstimatePageProps = { params: Promise<{ estimateId: string }> };

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Estimate');

/**
 * One estimate (/bills/estimates/{id}, issue 63): its lines, terms and the owner's answer, with its HTML
 * (decision 0031). An id that is not the client's (missing, another client's, not an id) is the 404 page,
 * decided on the server before anything is sent.
 */
export default async function EstimatePage({ params }: EstimatePageProps) {
  const estimateId = billIdOf((await params).estimateId);
  const first = await estimateFirstData(estimateId);
  if (first.notFound || estimateId === null) notFound();
  return (
    <RequireAuth>
      <HydrationBoundary state={first.state}>
        <EstimateView estimateId={estimateId} />
      </HydrationBoundary>
    </RequireAuth>
  );
}
