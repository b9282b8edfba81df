import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { requestToday } from '@/shared/dates/request-today';
import { pageMetadata } from '@/shared/page-metadata';
import { RegisterPetView } from './_components/register-pet-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Register a pet');

/** Register a new pet (/pets/register, R2.1): signed-in clients only. */
export default async function RegisterPetPage() {
  return (
    <RequireAuth>
      <RegisterPetView today={await requestToday()} />
    </RequireAuth>
  );
}
