'use client';

import type { AppointmentDetail, ChoosableClinician } from '@vet/contracts/appointment-booking';
import { visitPetNames } from '@vet/contracts/booking-rules';
import type { AppointmentReason } from '@vet/contracts/lookups';
import { useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { formatLabelledAppointmentTime, practiceDate } from '@/shared/dates/appointment-time';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useAppointmentSlots } from '@/features/appointments/api/get-appointment-slots';
import type { BookablePet } from '@/features/appointments/bookable-pet';
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
import { usePlanCover } from '@/features/appointments/api/get-plan-cover';
import { VisitPetsField } from './visit-pets-field';

/**
 * Booking's first step: the pet (and, for a visit, the other pets: decision 0117), the reason, a vet the
 * client names, then a day and a time from the search.
 */
export function ChooseStep(props: {
  practice: { practiceId: number; name: string };
  pets: readonly BookablePet[];
  pet: BookablePet | undefined;
  reasons: AppointmentReason[] | undefined;
  reason: AppointmentReason | undefined;
  vets: readonly ChoosableClinician[];
  vet: ChoosableClinician | null;
  vetPending: boolean;
  existing: AppointmentDetail | null;
  /** Moving this whole visit (decision 0117): `existing` is its first appointment, `withPets` the rest. */
  existingVisitId?: string | null;
  /** The other pets that may come to the same visit for this reason (decision 0117), and those chosen. */
  visitCandidates: readonly BookablePet[];
  withPets: readonly BookablePet[];
  onWithPets: (petIds: number[]) => void;
  initialStartsAt: string | null;
  onPet: (petId: number | null) => void;
  onReason: (reasonId: number | null) => void;
  onVet: (clinicianId: number | null) => void;
  onContinue: (startsAt: string) => void;
}) {
  const { practice, pets, pet, reasons, reason, vet, existing } = props;
  const [startsAt, setStartsAt] = useState<string | null>(props.initialStartsAt);
  const [missingTime, setMissingTime] = useState(false);
  const cover = usePlanCover(pet ? [pet.petId] : []);
  const slots = useAppointmentSlots(
    pet && reason && !props.vetPending
      ? {
          practiceId: practice.practiceId,
          appointmentReasonId: reason.appointmentReasonId,
          petId: pet.petId,
          // A visit: starts where every pet's appointment fits back to back (decision 0117).
          ...(props.withPets.length > 0 ? { petCount: 1 + props.withPets.length } : {}),
          ...(props.existingVisitId
            ? { existingVisitId: props.existingVisitId }
            : existing
              ? { existingAppointmentId: existing.appointmentId }
              : {}),
          ...(vet ? { clinicianId: vet.clinicianId } : {}),
        }
      : null,
  );
  const chosenIsOffered = slots.data?.slots.some((slot) => slot.startsAt === startsAt) ?? false;
  // A change of vet asks for a time again: the chosen one may not be theirs.
  const vetField = props.vets.length > 0 && (
    <VetSelect
      clinicians={props.vets}
      value={vet?.clinicianId ?? null}
      onChange={(clinicianId) => {
        setStartsAt(null);
        props.onVet(clinicianId);
      }}
    />
  );
  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey="choose">{existing ? 'Choose a new time' : 'Pet and reason'}</StepHeading>
        {existing ? (
          <div className={styles.fields}>
            <p>
              Changing{' '}
              {props.existingVisitId
                ? `the visit of ${visitPetNames([existing.petName, ...props.withPets.map((p) => p.name)])} for`
                : `${existing.petName}’s`}{' '}
              {existing.reasonName}, now on {formatLabelledAppointmentTime(existing.startsAt)} at{' '}
              {existing.practiceName}.
            </p>
            {vetField}
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
                quoteDay={startsAt ? { date: practiceDate(startsAt), petId: pet.petId } : null}
                coveredReasonIds={cover.get(pet.petId)}
              />
            )}
            {pet && reason && props.visitCandidates.length > 0 && (
              <VisitPetsField
                firstPetName={pet.name}
                durationMinutes={reason.durationMinutes}
                pets={props.visitCandidates}
                value={props.withPets.map((candidate) => candidate.petId)}
                onChange={(petIds) => {
                  setStartsAt(null);
                  props.onWithPets(petIds);
                }}
              />
            )}
            {pet && reason && vetField}
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
