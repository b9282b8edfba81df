'use client';

import { usePets } from '@/features/pets/api/get-pets';
import { NewPrescriptionRequestForm } from '@/features/prescriptions/components/new-prescription-request-form';
import { useProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';

/** The request form, given the client's living pets (the pets feature's list: features never meet). */
export function NewRequestView() {
  const profile = useProfile();
  const pets = usePets(profile.data?.activationStatus);
  const living = (pets.data ?? []).filter((pet) => pet.status === 'Active');
  return (
    <Container maxWidth="md" spacing="page">
      <h1 className={typography.gutterBottom}>Request a repeat prescription</h1>
      {pets.isError ? (
        <LoadError message="We could not load your pets." onRetry={() => void pets.refetch()} />
      ) : !pets.data ? (
        <LoadingSpinner label="Loading your pets" />
      ) : living.length === 0 ? (
        <p>You have no pets on record to request a prescription for.</p>
      ) : (
        <NewPrescriptionRequestForm pets={living.map(({ petId, name }) => ({ petId, name }))} />
      )}
    </Container>
  );
}
