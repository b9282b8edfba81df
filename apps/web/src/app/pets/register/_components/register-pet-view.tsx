'use client';

import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { petRegistrationUnavailableMessage } from '@vet/contracts/pet-rules';
import { useEffect, useState } from 'react';
import { RegisterPetForm } from '@/features/pets/components/register-pet-form';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { homePracticeOf, registrationOutcome } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { PortalLink } from '@/shared/navigation/portal-link';

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
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom>
        Register a pet
      </Typography>
      {closed ? (
        <>
          <AppAlert severity="info">{petRegistrationUnavailableMessage}</AppAlert>
          <Button component={PortalLink} href="/pets" variant="outlined" size="large" sx={{ mt: 3 }}>
            Back to your pets
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 4 }}>
            Tell us about your pet. Your practice will check these details at your pet’s first visit, the
            initial consultation.
          </Typography>
          <RegisterPetForm onUnavailable={() => setRefused(true)} today={today} />
        </>
      )}
      {dialog}
    </Container>
  );
}
