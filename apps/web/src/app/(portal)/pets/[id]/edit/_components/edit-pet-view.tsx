'use client';

import type { EditablePet } from '@vet/contracts/pet-changes';
import { notFound } from 'next/navigation';
import { useState } from 'react';
import { useEditablePet } from '@/features/pets/api/edit-pet';
import { EditPetForm } from '@/features/pets/components/edit-pet-form';
import { PetDepartureSection } from '@/features/pets/components/pet-departure';
import { parsePetId } from '@/features/pets/pet-id';
import { useProfile } from '@/features/profile/api/get-profile';
import { ApiError } from '@/shared/api/api-client';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './edit-pet-view.module.css';

/**
 * Edit a pet (/pets/{id}/edit): its details form, read fresh with the pet's version, and the steps for a
 * pet that has died or has a new home. A pet no longer active is shown as such, with nothing to change.
 */
export function EditPetView({ id }: { id: string }) {
  const petId = parsePetId(id);
  const profile = useProfile();
  const read = useEditablePet(petId, profile.data?.activationStatus);
  const [changed, setChanged] = useState<EditablePet>();

  if (petId === null || (read.error instanceof ApiError && read.error.status === 404)) notFound();
  if (read.isError) {
    return (
      <Container maxWidth="sm" spacing="page">
        <LoadError message="We could not load your pet." onRetry={() => void read.refetch()} />
      </Container>
    );
  }
  const pet = changed ?? read.data;
  if (!pet) return <LoadingSpinner label="Loading your pet" />;
  return (
    <Container maxWidth="sm" spacing="page">
      <h1 className={typography.gutterBottom}>Edit {pet.name}’s details</h1>
      {pet.status === 'Active' ? (
        <>
          <p className={styles.intro}>
            Keep {pet.name}’s details up to date. Your practice will see the changes you save.
          </p>
          <EditPetForm pet={pet} onChanged={setChanged} />
          <PetDepartureSection pet={pet} onChanged={setChanged} />
        </>
      ) : (
        <>
          <AppAlert severity="info">
            {pet.name} is recorded as {pet.status === 'Deceased' ? 'having died' : 'having a new home'}, so
            their details cannot be changed online. Please call your practice if this is not right.
          </AppAlert>
          <Button href={`/pets/${pet.petId}`} variant="outlined" size="large" className={styles.back}>
            Back to {pet.name}
          </Button>
        </>
      )}
    </Container>
  );
}
