'use client';

import type { AppointmentDetail, ChoosableClinician } from '@vet/contracts/appointment-booking';
import { bookingRefusal } from '@vet/contracts/booking-rules';
import type { AppointmentReason } from '@vet/contracts/lookups';
import type { Pet } from '@vet/contracts/pets';
import type { FeatureToggle } from '@vet/contracts/practices';
import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { formatLabelledAppointmentTime, practiceDate } from '@/shared/dates/appointment-time';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useAppointmentSlots } from '@/features/appointments/api/get-appointment-slots';
import { useChoosableClinicians } from '@/features/appointments/api/get-choosable-clinicians';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import { bookingHref, type BookingParams } from '@/features/appointments/booking-params';
import { BookingDone } from './booking-done';
import { ConfirmStep } from './booking-confirm-step';
import styles from './booking-flow.module.css';
import {
  IdSelect,
  ReasonSelect,
  Section,
  StepActions,
  StepHeading,
  TimesSection,
  VetSelect,
} from './booking-parts';

export type BookablePet = Pick<
  Pet,
  'petId' | 'name' | 'speciesId' | 'awaitingInitialConsultation' | 'status'
>;

export interface BookingFlowProps {
  params: BookingParams;
  practice: { practiceId: number; name: string };
  /** The client's living pets. */
  pets: readonly BookablePet[];
  rules: { allowed: boolean; toggles: readonly FeatureToggle[] };
  /** Amending: the appointment being moved. */
  existing: AppointmentDetail | null;
}

/** The reasons open to this pet: its species', and only the initial consultation while it awaits one. */
export function reasonsForPet(
  reasons: readonly AppointmentReason[],
  pet: BookablePet | undefined,
  rules: BookingFlowProps['rules'],
): AppointmentReason[] {
  if (!pet) return [];
  return reasons.filter((reason) => bookingRefusal({ ...rules, pet, reason }) === null);
}

/**
 * Booking (and amending) in three steps held in the address: choose (pet, reason, a day and a time),
 * confirm (everything spelt out; one Idempotency-Key per attempt; a lost race offers the nearest times),
 * done (with the calendar file).
 */
export function BookingFlow({ params, practice, pets, rules, existing }: BookingFlowProps) {
  const reasons = useOnlineAppointmentReasons();
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
  const go = (next: Partial<BookingParams>, replace = true) => {
    const href = bookingHref({
      amend,
      appointmentId: amend ? existing.appointmentId : null,
      petId: amend ? null : (pet?.petId ?? null),
      reasonId: amend ? null : (reason?.appointmentReasonId ?? null),
      clinicianId: vet?.clinicianId ?? null,
      ...next,
    });
    // The native history calls update useSearchParams without a server round trip (the steps are all
    // on this one page), and keep Back and reload working.
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
  };

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
    if (vetPending && reason.clinicianType === 'Vet') {
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
        reason={reason}
        startsAt={params.startsAt}
        existing={existing}
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
      initialStartsAt={params.startsAt}
      onPet={(petId) => go({ petId, reasonId: null, clinicianId: null, startsAt: null })}
      onReason={(id) => go({ reasonId: id, clinicianId: null, startsAt: null })}
      onVet={(clinicianId) => go({ clinicianId, startsAt: null })}
      onContinue={(startsAt) => go({ step: 'confirm', startsAt }, false)}
    />
  );
}

function ChooseStep(props: {
  practice: BookingFlowProps['practice'];
  pets: readonly BookablePet[];
  pet: BookablePet | undefined;
  reasons: AppointmentReason[] | undefined;
  reason: AppointmentReason | undefined;
  vets: readonly ChoosableClinician[];
  vet: ChoosableClinician | null;
  vetPending: boolean;
  existing: AppointmentDetail | null;
  initialStartsAt: string | null;
  onPet: (petId: number | null) => void;
  onReason: (reasonId: number | null) => void;
  onVet: (clinicianId: number | null) => void;
  onContinue: (startsAt: string) => void;
}) {
  const { practice, pets, pet, reasons, reason, vet, existing } = props;
  const [startsAt, setStartsAt] = useState<string | null>(props.initialStartsAt);
  const [missingTime, setMissingTime] = useState(false);
  const slots = useAppointmentSlots(
    pet && reason && !props.vetPending
      ? {
          practiceId: practice.practiceId,
          appointmentReasonId: reason.appointmentReasonId,
          petId: pet.petId,
          ...(existing ? { existingAppointmentId: existing.appointmentId } : {}),
          ...(vet ? { clinicianId: vet.clinicianId } : {}),
        }
      : null,
  );
  const chosenIsOffered = slots.data?.slots.some((slot) => slot.startsAt === startsAt) ?? false;
  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey="choose">{existing ? 'Choose a new time' : 'Pet and reason'}</StepHeading>
        {existing ? (
          <div className={styles.fields}>
            <p>
              Changing {existing.petName}’s {existing.reasonName}, now on{' '}
              {formatLabelledAppointmentTime(existing.startsAt)} at {existing.practiceName}.
            </p>
            {props.vets.length > 0 && (
              <VetSelect
                clinicians={props.vets}
                value={vet?.clinicianId ?? null}
                onChange={(clinicianId) => {
                  setStartsAt(null);
                  props.onVet(clinicianId);
                }}
              />
            )}
          </div>
        ) : (
          <div className={styles.fields}>
            <IdSelect
              label="Pet"
              value={pet?.petId ?? null}
              choose={pets.length > 1 ? 'Choose a pet' : null}
              options={pets.map((candidate) => ({ id: candidate.petId, label: candidate.name }))}
              onChange={props.onPet}
            />
            {pet?.awaitingInitialConsultation && (
              <AppAlert severity="info">
                {pet.name} is awaiting the initial consultation: that is the only appointment you can book
                online for {pet.name} until it has taken place.
              </AppAlert>
            )}
            {pet && reasons === undefined && (
              <span role="progressbar" aria-label="Loading reasons" className={styles.reasonsPending}>
                <Spinner size={24} />
              </span>
            )}
            {pet && reasons !== undefined && (
              <ReasonSelect
                practiceId={practice.practiceId}
                reasons={reasons}
                value={reason?.appointmentReasonId ?? null}
                onChange={props.onReason}
                noneText={`No appointment reasons can be booked online for ${pet.name}.`}
              />
            )}
            {pet && reason && props.vets.length > 0 && (
              <VetSelect
                clinicians={props.vets}
                value={vet?.clinicianId ?? null}
                onChange={(clinicianId) => {
                  setStartsAt(null);
                  props.onVet(clinicianId);
                }}
              />
            )}
          </div>
        )}
      </Section>
      {pet && reason && (
        <TimesSection
          practiceName={practice.name}
          slots={slots}
          value={startsAt}
          initialDate={existing ? practiceDate(existing.startsAt) : undefined}
          onChange={(slot) => {
            setStartsAt(slot.startsAt);
            setMissingTime(false);
          }}
          missingTime={missingTime}
          noTimesText="No times can be booked online for this reason in the coming weeks. Please call your practice."
        />
      )}
      <StepActions>
        <Button href="/appointments" variant="outlined" className={actionButtonClassName}>
          Cancel
        </Button>
        <Button
          variant="contained"
          className={actionButtonClassName}
          disabled={!pet || !reason}
          onClick={() => {
            if (startsAt && chosenIsOffered) props.onContinue(startsAt);
            else setMissingTime(true);
          }}
        >
          Continue
        </Button>
      </StepActions>
    </div>
  );
}
