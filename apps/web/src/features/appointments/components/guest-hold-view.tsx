'use client';

import type { SoftBooking } from '@vet/contracts/guest-bookings';
import { guestMessages } from '@vet/contracts/guest-rules';
import type { AppointmentReason } from '@vet/contracts/lookups';
import { useCallback, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import {
  type GuestDetails,
  useCreateGuestHold,
  useExtendGuestHold,
  useGuestHoldState,
} from '@/features/appointments/api/guest-bookings';
import { guestFailure, type GuestFailure, type HoldEnd } from '@/features/appointments/guest-conflict';
import { Section, StepActions, StepHeading } from './booking-parts';
import { GuestFailureNotice } from './guest-failure-notice';
import { BookingSummary } from './booking-summary';
import styles from './guest-hold-view.module.css';
import { HoldCountdown } from './hold-countdown';

export interface GuestHoldViewProps {
  hold: SoftBooking;
  practiceName: string;
  reason: AppointmentReason | undefined;
  /** The guest's details as given on this page, if it still has them (a reload forgets them). */
  details: GuestDetails | null;
  onHeld: (hold: SoftBooking) => void;
  /** Another time for a live hold: it moves (replace), the current time held meanwhile. */
  onMove: () => void;
  /**
   * A time for an ended hold, or one the practice gave away, which cannot be moved: a new hold, the
   * details asked again.
   */
  onChooseAgain: (why?: HoldEnd) => void;
  onForget: () => void;
  onSignUp: () => void;
  onSignIn: () => void;
}

/**
 * The held time: what it is, how long it stays held (with more time on request), and the way to keep
 * it: create an account, or sign in, and it is booked. A hold that ended is not moved or renewed (the
 * API refuses: decision 0057) but held again as a new hold, in one press while the page still has the
 * guest's details (the same time, if still free; the nearest free times if not), else by choosing again.
 */
export function GuestHoldView({ hold, practiceName, reason, details, ...props }: GuestHoldViewProps) {
  const extend = useExtendGuestHold();
  const create = useCreateGuestHold();
  const state = useGuestHoldState(hold.softBookingId);
  const [ended, setEnded] = useState(() => Date.parse(hold.expiresAt) <= Date.now());
  const [failure, setFailure] = useState<GuestFailure | null>(null);
  const onEnded = useCallback(() => setEnded(true), []);
  const { onHeld } = props;
  const summary = (
    <BookingSummary
      petName={hold.petName}
      reasonName={reason?.name ?? 'Appointment'}
      practiceName={practiceName}
      startsAt={hold.slot.startsAt}
      clinicianType={reason?.clinicianType ?? 'Unknown'}
    />
  );

  // Decision 0063: the practice booked this time at its desk. Read when the guest comes back to the page,
  // or learnt from a refused press; nothing of this hold can be kept, so another time is chosen.
  if (state.data?.state === 'GivenAway' || failure?.kind === 'givenAway') {
    return (
      <div className={styles.steps}>
        <Section>
          <StepHeading focusKey={`${hold.softBookingId}-given-away`}>This time is no longer held</StepHeading>
          <AppAlert severity="error">{guestMessages.holdGivenAway}</AppAlert>
          <div className={styles.givenAwaySummary}>{summary}</div>
          <div className={styles.holdAgain}>
            <Button
              variant="contained"
              className={styles.tallButton}
              onClick={() => props.onChooseAgain('givenAway')}
            >
              Choose another time
            </Button>
          </div>
        </Section>
      </div>
    );
  }

  const kept = (next: SoftBooking) => {
    setFailure(null);
    setEnded(false);
    onHeld(next);
  };
  const holdAgain = (startsAt: string) => {
    setFailure(null);
    if (!details) {
      props.onChooseAgain('ended');
      return;
    }
    const { practiceId, appointmentReasonId, speciesId } = hold;
    create.mutate(
      { practiceId, appointmentReasonId, speciesId, startsAt, ...details },
      { onSuccess: kept, onError: (error) => setFailure(guestFailure(error)) },
    );
  };
  // Read when pressed: the countdown may not have redrawn since the hold ended.
  const chooseAnother = () =>
    ended || Date.parse(hold.expiresAt) <= Date.now() ? props.onChooseAgain('ended') : props.onMove();
  const extendHold = () => {
    setFailure(null);
    extend.mutate(hold.softBookingId, {
      onSuccess: kept,
      onError: (error) => setFailure(guestFailure(error)),
    });
  };

  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey={hold.softBookingId}>
          {ended ? 'Your held time' : 'We are holding this time for you'}
        </StepHeading>
        {summary}
        <div className={styles.countdown}>
          <HoldCountdown
            key={hold.expiresAt}
            expiresAt={hold.expiresAt}
            extensionsLeft={hold.extensionsLeft}
            extending={extend.isPending}
            onExtend={extendHold}
            onEnded={onEnded}
          />
        </div>
        {ended && (
          <div className={styles.holdAgain}>
            <Button
              variant="contained"
              className={styles.tallButton}
              loading={create.isPending}
              onClick={() => holdAgain(hold.slot.startsAt)}
            >
              Hold this time again
            </Button>
          </div>
        )}
        {failure && (
          <div className={styles.failure}>
            <GuestFailureNotice
              failure={failure}
              clinicianType={reason?.clinicianType ?? 'Unknown'}
              busy={create.isPending}
              onChoose={(slot) => holdAgain(slot.startsAt)}
              onStartAgain={props.onForget}
            />
          </div>
        )}
      </Section>
      <Section>
        <h2 className={styles.keepHeading}>Keep this time</h2>
        <p className={styles.keepText}>
          Create an account, or sign in if you have one, and we will book {hold.petName} in and register{' '}
          {hold.petName} with the practice. It takes a few minutes; the time stays held meanwhile.
        </p>
        <div className={styles.keepActions}>
          <Button variant="contained" className={actionButtonClassName} onClick={props.onSignUp}>
            Create an account
          </Button>
          <Button variant="outlined" className={actionButtonClassName} onClick={props.onSignIn}>
            I already have an account
          </Button>
        </div>
      </Section>
      <StepActions>
        <Button variant="outlined" className={actionButtonClassName} onClick={chooseAnother}>
          Choose another time
        </Button>
      </StepActions>
    </div>
  );
}
