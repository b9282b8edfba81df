'use client';

import { groupByStatus } from '@vet/contracts/pet-rules';
import { useEffect } from 'react';
import { usePets } from '@/features/pets/api/get-pets';
import { PetsList } from '@/features/pets/components/pets-list';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { ActionButton } from '@/shared/actions/action-button';
import { homePracticeOf, registrationOutcome } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { wasPetRegisterModalSeen } from '@/shared/storage/pet-register-modal-seen';
import { Container } from '@/shared/ui/container';
import { cx } from '@/shared/ui/cx';
import pageHeader from '@/shared/layout/page-header.module.css';
import styles from './pets-view.module.css';

/**
 * Your pets (/pets): the client's pets from the pets feature, with "Register a pet" ruled by the profile
 * and the home practice's settings (R6.2, R6.4). A client with no current pet (rehomed and deceased pets
 * are no longer theirs), who could register one, is
 * asked to once per browser session (R3.15's flag; logout clears it).
 */
export function PetsView({ today }: { today: string }) {
  const profile = useProfile();
  const pets = usePets(profile.data?.activationStatus);
  const practiceId = profile.data?.homePracticeId ?? null;
  const toggles = useFeatureToggles(practiceId);
  const { openDialog, dialog } = useActionDialog(homePracticeOf(profile.data));

  const rulesKnown = profile.data !== undefined && (practiceId === null || !toggles.isPending);
  const registration = rulesKnown
    ? registrationOutcome({
        allowed: profile.data?.isAppointmentBookingAndPetRegistrationAllowed ?? false,
        toggles: toggles.data ?? [],
      })
    : undefined;
  const current = pets.data && groupByStatus(pets.data).active;
  const canRegister = registration?.kind === 'navigate';

  useEffect(() => {
    if (canRegister && current?.length === 0 && !wasPetRegisterModalSeen()) openDialog('register-your-pet');
  }, [canRegister, current?.length, openDialog]);

  const register = (primary: boolean) => (
    <ActionButton label="Register a pet" outcome={registration} primary={primary} onDialog={openDialog} />
  );
  return (
    <Container maxWidth="lg" spacing="page">
      <div className={cx(pageHeader.header, styles.header)}>
        <h1>Your pets</h1>
        {current && current.length > 0 && register(false)}
      </div>
      <PetsList
        pets={pets.data}
        loading={pets.isPending}
        error={pets.isError}
        onRetry={() => void pets.refetch()}
        today={today}
        registerAction={register(true)}
      />
      {dialog}
    </Container>
  );
}
