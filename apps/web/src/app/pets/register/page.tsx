import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { RegisterPetView } from './_components/register-pet-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Register a pet');

/** Register a new pet (/pets/register, R2.1): signed-in clients only. */
export default function RegisterPetPage() {
  return (
    <RequireAuth>
      <RegisterPetView />
    </RequireAuth>
  );
}
