'use client';

import { petRegistrationUnavailableMessage } from '@vet/contracts/pet-rules';
import { useEffect, useState } from 'react';
import { RegisterPetForm } from '@/features/pets/components/register-pet-form';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { homePracticeOf, registrationOutcome } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './register-pet-view.module.css';

/**
 * Register a pet (/pets/register): the form, when registration is open to the client (R6.2, R6.4);
 * otherwise, whether they came by a link, the address bar or a refused submit, the "New pet registration
 * unavailable" dialog and the same words on the page.
 */
export function RegisterPetView({ today }: { today: string }) {
  const profile = useProfile();
  const practiceId = profile.data?.homePracticeId ?? null;
  const toggles = useFeatureToggles(practiceId);
  const [refused, setRefused] = useState(false);
  const { openDialog, dialog } = useActionDialog(homePracticeOf(profile.data));

  const rulesKnown = profile.data !== undefined && (practiceId === null || !toggles.isPending);
  const outcome = rulesKnown
    ? registrationOutcome({
        allowed: profile.data?.isAppointmentBookingAndPetRegistrationAllowed ?? false,
        toggles: toggles.data ?? [],
      })
    : undefined;
  const closed = refused || outcome?.kind === 'dialog';
  useEffect(() => {
    if (closed) openDialog('registration-unavailable');
  }, [closed, openDialog]);

  if (!outcome) return <LoadingSpinner label="Loading" />;
  return (
    <Container maxWidth="sm" spacing="page">
      <h1 className={typography.gutterBottom}>Register a pet</h1>
      {closed ? (
        <>
          <AppAlert severity="info">{petRegistrationUnavailableMessage}</AppAlert>
          <Button href="/pets" variant="outlined" size="large" className={styles.back}>
            Back to your pets
          </Button>
        </>
      ) : (
        <>
          <p className={styles.intro}>
            Tell us about your pet. Your practice will check these details at your pet’s first visit, the
            initial consultation.
          </p>
          <RegisterPetForm onUnavailable={() => setRefused(true)} today={today} />
        </>
      )}
      {dialog}
    </Container>
  );
}
