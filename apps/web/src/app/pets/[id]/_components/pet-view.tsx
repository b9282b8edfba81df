'use client';

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { practiceToday } from '@vet/contracts/pet-rules';
import { notFound } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { usePets } from '@/features/pets/api/get-pets';
import { PetAppointmentsList } from '@/features/pets/components/pet-appointments-list';
import { PetDetails } from '@/features/pets/components/pet-details';
import { petAppointments } from '@/features/pets/pet-appointments';
import { parsePetId } from '@/features/pets/pet-id';
import { useFeatureToggles } from '@/features/practices/api/get-feature-toggles';
import { useProfile } from '@/features/profile/api/get-profile';
import { ActionButton } from '@/shared/actions/action-button';
import { homePracticeOf, petBookingOutcome } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { StatusChip } from '@/shared/components/status-chip';

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
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
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
  const living = pet.status === 'Active';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box>
          <Typography variant="h1">{pet.name}</Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
            {[pet.speciesName, pet.breedName].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {living && (
          <ActionButton label="Book an appointment" outcome={booking} primary onDialog={openDialog} />
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {living && pet.awaitingInitialConsultation && (
          <StatusChip label="Awaiting initial consultation" variant="outlined" />
        )}
        {!living && <StatusChip label="Deceased" variant="outlined" />}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          mt: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <PetDetails pet={pet} today={practiceToday(openedAt)} />
        <Box sx={{ display: 'grid', gap: 3 }}>
          <PetAppointmentsList
            appointments={split}
            loading={appointments.isPending}
            error={appointments.isError}
            onRetry={() => void appointments.refetch()}
          />
        </Box>
      </Box>
      {dialog}
    </Container>
  );
}
