import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { registerPetFirstData } from '@/features/pets/api/register-pet-first-data';
import { requestToday } from '@/shared/dates/request-today';
import { pageMetadata } from '@/shared/page-metadata';
import { RegisterPetView } from './_components/register-pet-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Register a pet');

/**
 * Register a new pet (/pets/register, R2.1): signed-in clients only. The species and insurers the form
 * offers are in the first HTML (decision 0031).
 */
export default async function RegisterPetPage() {
  const [today, lists] = await Promise.all([requestToday(), registerPetFirstData()]);
  return (
    <RequireAuth>
      <HydrationBoundary state={lists}>
        <RegisterPetView today={today} />
      </HydrationBoundary>
    </RequireAuth>
  );
}
