import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { getPetOnServer } from '@/features/pets/api/get-pet-on-server';
import { pageMetadata } from '@/shared/page-metadata';
import { appointmentsFirstData } from '@/features/appointments/api/appointments-first-data';
import { petHealthRecordFirstData } from '@/features/pets/api/pet-health-record-first-data';
import { petPlansFirstData } from '@/features/plans/api/pet-plans-first-data';
import { PetView } from './_components/pet-view';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';

type PetPageProps = { params: Promise<{ id: string }> };

/**
 * The pet's name, read on the server as the signed-in client; "Page not found" for an id that is not
 * theirs (a missing pet and another client's alike); "Pet" when it cannot be known there.
 */
export async function generateMetadata({ params }: PetPageProps): Promise<Metadata> {
  const pet = await getPetOnServer((await params).id);
  return pageMetadata(pet === 'not-found' ? 'Page not found' : (pet?.name ?? 'Pet'));
}

/**
 * One pet (/pets/{id}, R2.1): signed-in clients only. An id that is not the client's (missing, another
 * client's, not an id) is the not-found page with status 404, decided on the server before anything is sent.
 */
export default async function PetPage({ params }: PetPageProps) {
  const { id } = await params;
  const pet = await getPetOnServer(id);
  if (pet === 'not-found') notFound();
  // The pet's vaccinations and plans come with it: read only once the pet is known to be the client's.
  const [appointments, healthRecord, plans] = await Promise.all([
    appointmentsFirstData((await getProfileOnServer())?.activationStatus),
    pet ? petHealthRecordFirstData(pet.petId) : undefined,
    pet ? petPlansFirstData(pet.petId) : undefined,
  ]);
  return (
    <RequireAuth>
      <HydrationBoundary state={appointments}>
        <HydrationBoundary state={healthRecord}>
          <HydrationBoundary state={plans}>
            <PetView id={id} />
          </HydrationBoundary>
        </HydrationBoundary>
      </HydrationBoundary>
    </RequireAuth>
  );
}
