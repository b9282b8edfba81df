'use client';

import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { VisitDetail } from '@vet/contracts/appointment-visits';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { PortalLink } from '@/shared/navigation/portal-link';
import { Spinner } from '@/shared/ui/spinner';
import { usePracticePrices } from '@/features/appointments/api/get-practice-prices';
import { useChoosableClinicians } from '@/features/appointments/api/get-choosable-clinicians';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import {
  reasonsForPet,
  visitCandidates,
  type BookablePet,
  type BookingRules,
} from '@/features/appointments/bookable-pet';
import { bookingHref, type BookingParams } from '@/features/appointments/booking-params';
import { BookingDone } from './booking-done';
import { ChooseStep } from './booking-choose-step';
import { ConfirmStep } from './booking-confirm-step';
import styles from './booking-flow.module.css';
import { VisitDone } from './visit-done';

export interface BookingFlowProps {
  params: BookingParams;
  practice: { practiceId: number; name: string };
  /** The client's living pets. */
  pets: readonly BookablePet[];
  rules: BookingRules;
  /** Amending: the appointment being moved. */
  existing: AppointmentDetail | null;
  /** Moving a whole visit (decision 0117): its booked appointments move as one. */
  existingVisit?: VisitDetail | null;
}

/**
 * Booking (and amending) in three steps held in the address: choose (pet, reason, a day and a time),
 * confirm (everything spelt out; one Idempotency-Key per attempt; a lost race offers the nearest times),
 * done (with the calendar file).
 */
export function BookingFlow({ params, practice, pets, rules, ...props }: BookingFlowProps) {
  const reasons = useOnlineAppointmentReasons();
  const existingVisit = props.existingVisit ?? null;
  // A visit moves as one (decision 0117): its booked pets in order, the first standing for the visit.
  const visitBooked = existingVisit?.appointments.filter((a) => a.status === 'Booked') ?? [];
  const existing = props.existing ?? visitBooked[0] ?? null;
  const amend = existing !== null;
  const pet = amend
    ? pets.find((candidate) => candidate.petId === existing.petId)
    : (pets.find((candidate) => candidate.petId === params.petId) ??
      (pets.length === 1 ? pets[0] : undefined));
  const openReasons = reasons.data ? reasonsForPet(reasons.data, pet, rules) : [];
  const reasonId = amend ? existing.appointmentReasonId : params.reasonId;
  const reason =
    reasons.data?.find((candidate) => candidate.appointmentReasonId === reasonId) ??
    (openReasons.length === 1 ? openReasons[0] : undefined);
  // Decision 0101: a vet's reason may be booked, or moved, with a vet the client names, where the practice
  // allows it (the list is empty where it does not); "any vet" is the default either way.
  const clinicians = useChoosableClinicians(
    reason?.clinicianType === 'Vet'
      ? { practiceId: practice.practiceId, appointmentReasonId: reason.appointmentReasonId }
      : null,
  );
  const vets = reason?.clinicianType === 'Vet' ? (clinicians.data ?? []) : [];
  const vet = vets.find((candidate) => candidate.clinicianId === params.clinicianId) ?? null;
  // A vet named in the address waits for the list, so that neither any vet's times nor a booking with
  // any vet stand in for the one chosen.
  const vetPending = params.clinicianId !== null && clinicians.isPending && !clinicians.isError;
  // Decision 0117: other pets in the same visit, those the address names that may have the reason.
  const candidates = amend ? [] : visitCandidates(pets, pet, reason, rules);
  const withPets = existingVisit
    ? visitBooked.slice(1).flatMap((a) => pets.filter((candidate) => candidate.petId === a.petId))
    : params.withPetIds.flatMap((petId) => candidates.filter((candidate) => candidate.petId === petId));
  const existingVisitId = existingVisit?.visitId ?? null;
  // The check step's notices come from the practice's prices: read before it shows, so nothing moves.
  const prices = usePracticePrices(params.step === 'confirm' ? practice.practiceId : null);
  const go = (next: Partial<BookingParams>, replace = true) => {
    const href = bookingHref({
      amend,
      appointmentId: amend && !existingVisitId ? existing.appointmentId : null,
      visitId: existingVisitId,
      petId: amend ? null : (pet?.petId ?? null),
      reasonId: amend ? null : (reason?.appointmentReasonId ?? null),
      clinicianId: vet?.clinicianId ?? null,
      withPetIds: existingVisitId ? [] : withPets.map((candidate) => candidate.petId),
      ...next,
    });
    // The native history calls update useSearchParams without a server round trip (the steps are all
    // on this one page), and keep Back and reload working.
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
  };

  if (params.step === 'done' && params.visitId !== null) {
    return <VisitDone visitId={params.visitId} amended={params.amend} />;
  }
  if (existingVisit && !existing) {
    return (
      <AppAlert severity="info">
        This visit has no appointments left to change.{' '}
        <PortalLink href="/appointments">See your appointments</PortalLink>
      </AppAlert>
    );
  }
  if (params.step === 'done' && params.appointmentId !== null) {
    return <BookingDone appointmentId={params.appointmentId} amended={params.amend} />;
  }
  if (reasons.isError) {
    return (
      <LoadError
        message="We could not load the appointment reasons."
        onRetry={() => void reasons.refetch()}
      />
    );
  }
  if (params.step === 'confirm' && params.startsAt && pet && reason) {
    if ((vetPending && reason.clinicianType === 'Vet') || prices.isPending) {
      return (
        <span role="progressbar" aria-label="Loading" className={styles.reasonsPending}>
          <Spinner size={24} />
        </span>
      );
    }
    return (
      <ConfirmStep
        practice={practice}
        pet={pet}
        withPets={withPets}
        reason={reason}
        startsAt={params.startsAt}
        existing={existing}
        existingVisitId={existingVisitId}
        // A vet no longer listed is still the one asked for: the API says to choose another.
        vet={
          vet ??
          (params.clinicianId !== null && reason.clinicianType === 'Vet'
            ? { clinicianId: params.clinicianId, name: 'The vet you chose' }
            : null)
        }
        onChooseAgain={() => go({ step: 'choose', startsAt: null }, false)}
        onAlternative={(slot) => go({ step: 'confirm', startsAt: slot.startsAt })}
        onDone={(appointment) =>
          window.history.replaceState(
            null,
            '',
            bookingHref({ step: 'done', appointmentId: appointment.appointmentId, amend }),
          )
        }
        onVisitDone={(visit) =>
          window.history.replaceState(
            null,
            '',
            bookingHref({ step: 'done', visitId: visit.visitId, amend: existingVisitId !== null }),
          )
        }
      />
    );
  }
  return (
    <ChooseStep
      practice={practice}
      pets={pets}
      pet={pet}
      reasons={reasons.data ? openReasons : undefined}
      reason={reason}
      vets={vets}
      vet={vet}
      vetPending={vetPending && reason?.clinicianType === 'Vet'}
      existing={existing}
      existingVisitId={existingVisitId}
      visitCandidates={candidates}
      withPets={withPets}
      onWithPets={(withPetIds) => go({ withPetIds, startsAt: null })}
      initialStartsAt={params.startsAt}
      onPet={(petId) => go({ petId, reasonId: null, clinicianId: null, startsAt: null, withPetIds: [] })}
      onReason={(id) => go({ reasonId: id, clinicianId: null, startsAt: null, withPetIds: [] })}
      onVet={(clinicianId) => go({ clinicianId, startsAt: null })}
      onContinue={(startsAt) => go({ step: 'confirm', startsAt }, false)}
    />
  );
}
