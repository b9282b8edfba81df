import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { getPetOnServer } from '@/features/pets/api/get-pet-on-server';
import { pageMetadata } from '@/shared/page-metadata';
import { EditPetView } from './_components/edit-pet-view';

type EditPetPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: EditPetPageProps): Promise<Metadata> {
  const pet = await getPetOnServer((await params).id);
  return pageMetadata(pet === 'not-found' ? 'Page not found' : `Edit ${pet?.name ?? 'pet'}`);
}

/**
 * Edit a pet (/pets/{id}/edit, R2.40, decision 0083): signed-in clients only; an id that is not theirs is the
 * not-found page with status 404, decided on the server as the pet's page does.
 */
export default async function EditPetPage({ params }: EditPetPageProps) {
  const { id } = await params;
  if ((await getPetOnServer(id)) === 'not-found') notFound();
  return (
    <RequireAuth>
      <EditPetView id={id} />
    </RequireAuth>
  );
}
