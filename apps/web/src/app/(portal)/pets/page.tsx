import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { requestToday } from '@/shared/dates/request-today';
import { pageMetadata } from '@/shared/page-metadata';
import { PetsView } from './_components/pets-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your pets');

/** Your pets (/pets, R2.1): signed-in clients only. */
export default async function PetsPage() {
  return (
    <RequireAuth>
      <PetsView today={await requestToday()} />
    </RequireAuth>
  );
}
