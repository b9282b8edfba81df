'use client';

import { practiceToday } from '@vet/contracts/pet-rules';
import { notFound } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { usePets } from '@/features/pets/api/get-pets';
import { PetAppointmentsList } from '@/features/pets/components/pet-appointments-list';
import { PetDetails } from '@/features/pets/components/pet-details';
import { PetHealthRecord } from '@/features/pets/components/pet-health-record';
import { usePetHealthRecord } from '@/features/pets/api/get-pet-health-record';
import { petAppointments } from '@/features/pets/pet-appointments';
import { parsePetId } from '@/features/pets/pet-id';
import { usePetPlans } from '@/features/plans/api/get-pet-plans';
import { PetPlansSection } from '@/features/plans/components/pet-plans-section';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { ActionButton } from '@/shared/actions/action-button';
import { homePracticeOf, petBookingOutcome } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { PetStatusChips } from '@/shared/components/pet-status-chips';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import pageHeader from '@/shared/layout/page-header.module.css';
import styles from './pet-view.module.css';

/**
 * One pet (/pets/{id}): read from the client's pets list, which the shell has already loaded, so another
 * client's pet and a missing one are the same: not in the list, the not-found page. A pet registered since
 * the list was loaded (in another tab) is looked for again once before giving up.
 */
export function PetView({ id }: { id: string }) {
  const petId = parsePetId(id);
  const profile = useProfile();
  const activation = profile.data?.activationStatus;
  const pets = usePets(activation);
  const appointments = useAppointments(activation);
  const healthRecord = usePetHealthRecord(petId, activation);
  const plans = usePetPlans(petId, activation);
  const practiceId = profile.data?.homePracticeId ?? null;
  const toggles = useFeatureToggles(practiceId);
  const { openDialog, dialog } = useActionDialog(homePracticeOf(profile.data));
  const [openedAt] = useState(() => new Date());

  const pet = pets.data?.find((candidate) => candidate.petId === petId);
  const listedSinceOpening = pets.dataUpdatedAt >= openedAt.getTime();
  const { isSuccess, isFetching, refetch } = pets;
  useEffect(() => {
    if (petId !== null && isSuccess && !pet && !listedSinceOpening && !isFetching) void refetch();
  }, [petId, isSuccess, pet, listedSinceOpening, isFetching, refetch]);
  const split =
    appointments.data && petId !== null ? petAppointments(appointments.data, petId, openedAt) : undefined;

  if (petId === null || (isSuccess && !pet && listedSinceOpening)) notFound();
  if (pets.isError) {
    return (
      <Container maxWidth="lg" spacing="page">
        <LoadError message="We could not load your pet." onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (!pet) return <LoadingSpinner label="Loading your pet" />;

  const rulesKnown = profile.data !== undefined && (practiceId === null || !toggles.isPending);
  const booking = rulesKnown
    ? petBookingOutcome({
        allowed: profile.data?.isAppointmentBookingAndPetRegistrationAllowed ?? false,
        toggles: toggles.data ?? [],
        pet,
      })
    : undefined;
  // Still the client's: a rehomed or deceased pet is shown, marked, with nothing to book.
  const current = pet.status === 'Active';
  return (
    <Container maxWidth="lg" spacing="page">
      <div className={cx(pageHeader.header, styles.screenOnly)}>
        <div>
          <h1>{pet.name}</h1>
          <p className={cx(typography.secondary, styles.kind)}>
            {[pet.speciesName, pet.breedName].filter(Boolean).join(' · ')}
          </p>
        </div>
        {current && (
          <div className={styles.actions}>
            <Button href={`/pets/${pet.petId}/edit`} variant="outlined">
              Edit details
            </Button>
            {/* Issue 66: write to the practice about this pet (the page says first when to call instead). */}
            <Button href={`/messages/new?petId=${pet.petId}`} variant="outlined">
              Message the practice about {pet.name}
            </Button>
            <ActionButton label="Book an appointment" outcome={booking} primary onDialog={openDialog} />
          </div>
        )}
      </div>
      <PetStatusChips pet={pet} className={cx(styles.chips, styles.screenOnly)} />
      <div className={cx(styles.columns, styles.screenOnly)}>
        <PetDetails pet={pet} today={practiceToday(openedAt)} />
        <div className={styles.appointments}>
          <PetAppointmentsList
            appointments={split}
            loading={appointments.isPending}
            error={appointments.isError}
            onRetry={() => void appointments.refetch()}
          />
        </div>
      </div>
      <div className={cx(styles.healthRecord, styles.screenOnly)}>
        <PetPlansSection
          pet={pet}
          plans={plans.data}
          loading={plans.isPending}
          error={plans.isError}
          onRetry={() => void plans.refetch()}
          canBook={booking?.kind === 'navigate'}
        />
      </div>
      <div className={styles.healthRecord}>
        <PetHealthRecord
          pet={pet}
          record={healthRecord.data}
          loading={healthRecord.isPending}
          error={healthRecord.isError}
          onRetry={() => void healthRecord.refetch()}
        />
      </div>
      {dialog}
    </Container>
  );
}
