import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { clientDetailsFirstData } from '@/features/client-details/api/client-details-first-data';
import { onlinePracticesFirstData } from '@/features/practices/server/online-practices-first-data';
import { pageMetadata } from '@/shared/page-metadata';
import { ClientDetailsView } from './_components/client-details-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your details');

/**
 * Your details (/client-detail, R2.1): signed-in clients only. The details and the practices a home
 * practice is chosen from are in the first HTML (decision 0031), so the form arrives whole.
 */
export default async function ClientDetailPage() {
  const [details, practices] = await Promise.all([clientDetailsFirstData(), onlinePracticesFirstData()]);
  return (
    <RequireAuth>
      <HydrationBoundary state={details}>
        <HydrationBoundary state={practices}>
          <ClientDetailsView />
        </HydrationBoundary>
      </HydrationBoundary>
    </RequireAuth>
  );
}
