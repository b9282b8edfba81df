import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { NewRequestView } from './_components/new-request-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Request a repeat prescription');

/** Drug request › New (/drug-request/new-request, decision 0111): a repeat prescription request. */
export default function NewDrugRequestPage() {
  return (
    <RequireAuth>
      <NewRequestView />
    </RequireAuth>
  );
}
