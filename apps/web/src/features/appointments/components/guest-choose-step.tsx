'use client';

import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import type { SoftBooking } from '@vet/contracts/guest-bookings';
import { guestMessages } from '@vet/contracts/guest-rules';
import type { AppointmentReason, Species } from '@vet/contracts/lookups';
import type { OnlinePractice } from '@vet/contracts/practices';
import { useRef, useState, type FormEvent } from 'react';
import { useServerFieldErrors } from '@/shared/forms/use-server-field-errors';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import {
  type GuestDetails,
  useCreateGuestHold,
  useGuestSlots,
  useReplaceGuestHold,
} from '@/features/appointments/api/guest-bookings';
import { AppAlert } from '@/shared/components/app-alert';
import { guestFailure, type GuestFailure, type HoldEnd } from '@/features/appointments/guest-conflict';
import type { guestDetailsSchema } from '@/features/appointments/guest-details-schema';
import { GuestDetailsFields } from './guest-details-fields';
import { GuestFailureNotice } from './guest-failure-notice';
import { IdSelect, ReasonSelect, Section, StepActions, StepHeading, TimesSection } from './booking-parts';
import styles from './guest-choose-step.module.css';

/** The guest's own answers, checked by the contract's rules, loaded when first needed (decision 0033). */
const guestDetailsRules = () =>
  import('@/features/appointments/guest-details-schema').then((rules) => rules.guestDetailsSchema);
type DetailName = keyof typeof guestDetailsSchema.shape;
const emptyDetails = { petName: '', firstName: '', lastName: '', email: '', mobile: '' } satisfies Record<
  DetailName,
  string
>;
const detailNames = Object.keys(emptyDetails) as DetailName[];

/** The reasons that apply to a species (an empty list on a reason means every species). */
export function reasonsForSpecies(reasons: readonly AppointmentReason[], speciesId: number | null) {
  if (speciesId === null) return [];
  return reasons.filter((reason) => reason.speciesIds.length === 0 || reason.speciesIds.includes(speciesId));
}

export interface GuestChooseStepProps {
  practices: readonly OnlinePractice[];
  species: readonly Species[];
  reasons: readonly AppointmentReason[];
  initialPracticeId: number | null;
  /** Moving a live hold: its practice, species, reason and time to start from; no details asked again. */
  moving: SoftBooking | null;
  /** Holding again after a hold ended: its visit to start from, as a new hold (details asked). */
  startFrom: SoftBooking | null;
  /** Why startFrom's hold ended: it ran out (its time may still be free), or the practice gave it away. */
  startReason?: HoldEnd;
  /** The details given earlier on this page, if it has them. */
  initialDetails: GuestDetails | null;
  onHeld: (hold: SoftBooking, details?: GuestDetails) => void;
  onKeepCurrent: () => void;
  /** The hold being moved ended meanwhile, or was given away: it cannot be moved, only held anew. */
  onEnded: (why: HoldEnd) => void;
  /** The hold can no longer be used (unknown, replaced elsewhere, completed): start again without it. */
  onForget: () => void;
}

/**
 * A guest chooses the visit (practice, species, reason), a time from the same picker as clients, and gives
 * their details; "Hold this time" holds it for 15 minutes. Moving a hold asks only for the new time (the
 * species and details carry over) and moves it in one step on the server.
 */
export function GuestChooseStep(props: GuestChooseStepProps) {
  const { practices, species, reasons, moving } = props;
  const from = moving ?? props.startFrom;
  const knownPractice = practices.some((practice) => practice.id === props.initialPracticeId);
  const [practiceId, setPracticeId] = useState<number | null>(
    from?.practiceId ??
      (knownPractice ? props.initialPracticeId : practices.length === 1 ? (practices[0]?.id ?? null) : null),
  );
  const [speciesId, setSpeciesId] = useState<number | null>(from?.speciesId ?? null);
  const [reasonId, setReasonId] = useState<number | null>(from?.appointmentReasonId ?? null);
  const [startsAt, setStartsAt] = useState<string | null>(from?.slot.startsAt ?? null);
  const [missingTime, setMissingTime] = useState(false);
  const [failure, setFailure] = useState<GuestFailure | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const server = useServerFieldErrors<DetailName>(formRef);
  const form = useZodForm(guestDetailsRules, props.initialDetails ?? emptyDetails);
  const create = useCreateGuestHold();
  const replace = useReplaceGuestHold();

  const practice = practices.find((candidate) => candidate.id === practiceId);
  const openReasons = reasonsForSpecies(reasons, speciesId);
  const reason =
    openReasons.find((candidate) => candidate.appointmentReasonId === reasonId) ??
    (openReasons.length === 1 ? openReasons[0] : undefined);
  const slots = useGuestSlots(
    practice && speciesId !== null && reason
      ? {
          practiceId: practice.id,
          appointmentReasonId: reason.appointmentReasonId,
          speciesId,
          ...(moving ? { existingSoftBookingId: moving.softBookingId } : {}),
        }
      : null,
  );
  const offered = slots.data?.slots.some((slot) => slot.startsAt === startsAt) ?? false;
  const busy = create.isPending || replace.isPending || form.submitting;

  const holdAt = async (start: string, details?: typeof emptyDetails) => {
    if (!practice || !reason || speciesId === null) return;
    setFailure(null);
    const slot = {
      practiceId: practice.id,
      appointmentReasonId: reason.appointmentReasonId,
      startsAt: start,
    };
    try {
      if (moving) {
        props.onHeld(await replace.mutateAsync({ holdId: moving.softBookingId, body: slot }));
      } else {
        const given = details ?? form.values;
        props.onHeld(await create.mutateAsync({ ...slot, speciesId, ...given }), given);
      }
    } catch (error) {
      const failure = guestFailure(error);
      if (failure.kind === 'ended' || failure.kind === 'givenAway') {
        props.onEnded(failure.kind);
        return;
      }
      const isDetail = (path: string) => detailNames.find((name) => name === path);
      if (!server.showIssues(error, isDetail)) setFailure(failure);
      if (failure.kind === 'taken') void slots.refetch();
    }
  };

  const submitDetails = form.handleSubmit(async (details) => {
    if (startsAt && offered) await holdAt(startsAt, details);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const timeChosen = Boolean(startsAt && offered);
    setMissingTime(!timeChosen);
    if (moving) {
      event.preventDefault();
      if (timeChosen && startsAt) void holdAt(startsAt);
      return;
    }
    submitDetails(event);
  };

  const bind = (name: DetailName) => server.withServerError(name, form.field(name));
  const movingSpecies = species.find((candidate) => candidate.speciesId === moving?.speciesId);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={moving ? 'Choose a new time' : 'Hold an appointment time'}
      className={styles.form}
    >
      <Section>
        <StepHeading focusKey={moving ? 'move' : 'choose'}>
          {moving ? 'Choose a new time' : 'Your visit'}
        </StepHeading>
        {moving && (
          <p className={styles.movingNote}>
            Your current time stays held until the new one is, so you cannot lose both. The new time is held
            until your current hold ends.
          </p>
        )}
        {props.startFrom &&
          (props.startReason === 'givenAway' ? (
            <div className={styles.movingNote}>
              <AppAlert severity="warning">{guestMessages.holdGivenAway}</AppAlert>
            </div>
          ) : (
            <p className={styles.movingNote}>
              Your hold on {props.startFrom.petName}’s time has ended. Hold the time again, or choose another.
            </p>
          ))}
        <div className={styles.fields}>
          <IdSelect
            label="Practice"
            name="practiceId"
            value={practiceId}
            choose="Choose a practice"
            options={practices.map((candidate) => ({
              id: candidate.id,
              label: `${candidate.name}, ${candidate.town}`,
            }))}
            onChange={(id) => {
              setPracticeId(id);
              setStartsAt(null);
            }}
          />
          {moving ? (
            <p>
              Your pet: {moving.petName}, {movingSpecies?.name.toLowerCase() ?? 'pet'}
            </p>
          ) : (
            <IdSelect
              label="Your pet is a"
              name="speciesId"
              value={speciesId}
              choose="Choose a species"
              options={species.map((candidate) => ({ id: candidate.speciesId, label: candidate.name }))}
              onChange={(id) => {
                setSpeciesId(id);
                setReasonId(null);
                setStartsAt(null);
              }}
            />
          )}
          {speciesId !== null && (
            <ReasonSelect
              practiceId={practice?.id ?? null}
              reasons={openReasons}
              value={reason?.appointmentReasonId ?? null}
              onChange={(id) => {
                setReasonId(id);
                setStartsAt(null);
              }}
              noneText="No appointments can be booked online for this species."
            />
          )}
        </div>
      </Section>
      {practice && reason && (
        <TimesSection
          practiceName={practice.name}
          slots={slots}
          value={startsAt}
          onChange={(slot: AppointmentSlot) => {
            setStartsAt(slot.startsAt);
            setMissingTime(false);
          }}
          missingTime={missingTime}
          noTimesText="No times can be booked online for this reason in the coming weeks. Please call the practice."
        />
      )}
      {!moving && practice && reason && <GuestDetailsFields bind={bind} />}
      {failure && reason && (
        <GuestFailureNotice
          failure={failure}
          clinicianType={reason.clinicianType}
          busy={busy}
          onChoose={(slot) => {
            setStartsAt(slot.startsAt);
            void holdAt(slot.startsAt);
          }}
          onStartAgain={props.onForget}
        />
      )}
      <StepActions>
        {moving && (
          <Button variant="outlined" className={actionButtonClassName} onClick={props.onKeepCurrent}>
            Keep my current time
          </Button>
        )}
        {props.startFrom && (
          <Button variant="outlined" className={actionButtonClassName} onClick={props.onKeepCurrent}>
            Back
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          className={actionButtonClassName}
          disabled={!practice || !reason}
          loading={busy}
        >
          {moving ? 'Move my hold to this time' : 'Hold this time'}
        </Button>
      </StepActions>
    </form>
  );
}
