'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import type { ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import type { GuestFailure } from '@/features/appointments/guest-conflict';
import { AlternativeTimes } from './booking-parts';

/**
 * What the guest pages say when a hold, move, extension or completion fails: the API's words; for a
 * taken time, the nearest free times as buttons; for a hold that can no longer be used, a way to start
 * again (where there is one).
 */
export function GuestFailureNotice(props: {
  failure: GuestFailure;
  clinicianType: AppointmentSummary['clinicianType'];
  busy: boolean;
  onChoose: (slot: AppointmentSlot) => void;
  onStartAgain?: () => void;
  /** Said under a taken time that has no free times near it. */
  noAlternatives?: ReactNode;
}) {
  const { failure } = props;
  return (
    <Box>
      <AppAlert severity="error">{failure.message}</AppAlert>
      {failure.kind === 'taken' && (
        <AlternativeTimes
          alternatives={failure.alternatives}
          clinicianType={props.clinicianType}
          disabled={props.busy}
          onChoose={props.onChoose}
        />
      )}
      {failure.kind === 'taken' && failure.alternatives.length === 0 && props.noAlternatives}
      {failure.kind === 'gone' && props.onStartAgain && (
        <Button variant="outlined" sx={{ mt: 2, minHeight: 48 }} onClick={props.onStartAgain}>
          Start again
        </Button>
      )}
    </Box>
  );
}
