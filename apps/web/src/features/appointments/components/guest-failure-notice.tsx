'use client';

import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import type { ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import type { GuestFailure } from '@/features/appointments/guest-conflict';
import { AlternativeTimes } from './booking-parts';
import styles from './guest-failure-notice.module.css';

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
    <div>
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
        <Button variant="outlined" className={styles.startAgain} onClick={props.onStartAgain}>
          Start again
        </Button>
      )}
    </div>
  );
}
