import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { DrugRequestView } from './_components/drug-request-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Repeat prescriptions');

/** Drug request (/drug-request, decision 0111): the client's repeat prescription requests. */
export default function DrugRequestPage() {
  return (
    <RequireAuth>
      <DrugRequestView />
    </RequireAuth>
  );
}
