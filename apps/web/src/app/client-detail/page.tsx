import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { ClientDetailsView } from './_components/client-details-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your details');

/** Your details (/client-detail, R2.1): signed-in clients only. */
export default function ClientDetailPage() {
  return (
    <RequireAuth>
      <ClientDetailsView />
    </RequireAuth>
  );
}
