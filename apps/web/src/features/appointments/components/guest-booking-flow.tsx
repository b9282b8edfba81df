'use client';

import type { SoftBooking } from '@vet/contracts/guest-bookings';
import type { Species } from '@vet/contracts/lookups';
import type { OnlinePractice } from '@vet/contracts/practices';
import { useEffect, useState } from 'react';
import { LoadError } from '@/shared/components/load-error';
import {
  clearStoredGuestHold,
  readStoredGuestHold,
  rememberHoldPractice,
  storeGuestHold,
} from '@/shared/storage/guest-hold-storage';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import type { GuestDetails } from '@/features/appointments/api/guest-bookings';
import type { HoldEnd } from '@/features/appointments/guest-conflict';
import { Pending } from './booking-parts';
import { GuestChooseStep } from './guest-choose-step';
import { GuestHoldView } from './guest-hold-view';

export interface GuestBookingFlowProps {
  practices: readonly OnlinePractice[];
  species: readonly Species[];
  initialPracticeId: number | null;
  onSignUp: () => void;
  onSignIn: () => void;
}

const guestPath = '/guest';
const movePath = '/guest?move=1';

/**
 * Whether the address asks for the move step (?move=1), kept in step with Back and Forward. Read from
 * the address in the browser rather than by useSearchParams, which would need a Suspense boundary (and
 * with it a second hydration pass). Asking for it pushes a history entry; leaving it replaces the entry.
 */
function useMoveStep(): [boolean, (move: boolean) => void] {
  const asked = () => new URLSearchParams(window.location.search).get('move') === '1';
  const [moveAsked, setMoveAsked] = useState(asked);
  useEffect(() => {
    const sync = () => setMoveAsked(asked());
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);
  const set = (move: boolean) => {
    if (move) window.history.pushState(null, '', movePath);
    else if (asked()) window.history.replaceState(null, '', guestPath);
    setMoveAsked(move);
  };
  return [moveAsked, set];
}

/**
 * R4.24: a guest holds a time, then keeps it by signing up (/guest/complete books it). The hold lives in
 * this browser's storage, so a reload, or a return from the provider, finds it again. Choosing another
 * time is a step in the history (?move=1), so Back returns to the held time. A hold that ended cannot be
 * moved (decision 0057): choosing again makes a new hold, with the guest's details if this page still has
 * them (in memory only: personal data stays out of storage).
 */
export function GuestBookingFlow(props: GuestBookingFlowProps) {
  const reasons = useOnlineAppointmentReasons();
  const [moveAsked, setMoveAsked] = useMoveStep();
  // Mounted in the browser only (after the session is known), so storage can be read at once.
  const [hold, setHold] = useState<SoftBooking | null>(readStoredGuestHold);
  const [details, setDetails] = useState<GuestDetails | null>(null);
  // Why the hold's visit is chosen again (it ended, or the practice gave it away); the step holds anew.
  const [again, setAgain] = useState<HoldEnd | null>(null);

  const keep = (next: SoftBooking, given?: GuestDetails) => {
    storeGuestHold(next);
    rememberHoldPractice(next.practiceId);
    if (given) setDetails(given);
    setHold(next);
    setAgain(null);
    setMoveAsked(false);
  };
  const forget = () => {
    clearStoredGuestHold();
    setHold(null);
    setAgain(null);
    setMoveAsked(false);
  };
  const chooseAgain = (why: HoldEnd = 'ended') => {
    setAgain(why);
    setMoveAsked(true);
  };

  if (reasons.isError) {
    return (
      <LoadError
        message="We could not load the appointment reasons."
        onRetry={() => void reasons.refetch()}
      />
    );
  }
  if (reasons.isPending) return <Pending label="Loading…" />;

  if (hold && !moveAsked) {
    return (
      <GuestHoldView
        hold={hold}
        practiceName={
          props.practices.find((practice) => practice.id === hold.practiceId)?.name ?? 'the practice'
        }
        reason={reasons.data.find((reason) => reason.appointmentReasonId === hold.appointmentReasonId)}
        details={details}
        onHeld={keep}
        onMove={() => setMoveAsked(true)}
        onChooseAgain={chooseAgain}
        onForget={forget}
        onSignUp={props.onSignUp}
        onSignIn={props.onSignIn}
      />
    );
  }
  return (
    <GuestChooseStep
      key={`${hold?.softBookingId ?? 'new'}${again ? '-again' : ''}`}
      practices={props.practices}
      species={props.species}
      reasons={reasons.data}
      initialPracticeId={props.initialPracticeId}
      moving={again ? null : hold}
      startFrom={again ? hold : null}
      startReason={again ?? undefined}
      initialDetails={details}
      onHeld={keep}
      onKeepCurrent={() => {
        setAgain(null);
        setMoveAsked(false);
      }}
      onEnded={setAgain}
      onForget={forget}
    />
  );
}
