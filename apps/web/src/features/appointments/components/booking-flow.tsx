'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  bookingConflictSchema,
  bookingRefusal,
  type AppointmentDetail,
  type AppointmentSlot,
} from '@vet/contracts/appointment-booking';
import type { AppointmentReason } from '@vet/contracts/lookups';
import type { Pet } from '@vet/contracts/pets';
import type { FeatureToggle } from '@vet/contracts/practices';
import NextLink from 'next/link';
import { useState } from 'react';
import { ApiError } from '@/shared/api/api-client';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import {
  formatLabelledAppointmentTime,
  formatPracticeClock,
  practiceDate,
} from '@/shared/dates/appointment-time';
import { useAmendAppointment } from '@/features/appointments/api/amend-appointment';
import { useBookAppointment } from '@/features/appointments/api/book-appointment';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { useAppointmentSlots } from '@/features/appointments/api/get-appointment-slots';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import { bookingHref, type BookingParams } from '@/features/appointments/booking-params';
import { appointmentCalendarHref } from '@/features/appointments/calendar-file';
import { BookingSummary } from './booking-summary';
import { AlternativeTimes, Pending, ReasonSelect, Section, StepHeading, TimesSection } from './booking-parts';

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
  const go = (next: Partial<BookingParams>, replace = true) => {
    const href = bookingHref({
      amend,
      appointmentId: amend ? existing.appointmentId : null,
      petId: amend ? null : (pet?.petId ?? null),
      reasonId: amend ? null : (reason?.appointmentReasonId ?? null),
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
    return (
      <ConfirmStep
        practice={practice}
        pet={pet}
        reason={reason}
        startsAt={params.startsAt}
        existing={existing}
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
      existing={existing}
      initialStartsAt={params.startsAt}
      onPet={(petId) => go({ petId, reasonId: null, startsAt: null })}
      onReason={(id) => go({ reasonId: id, startsAt: null })}
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
  existing: AppointmentDetail | null;
  initialStartsAt: string | null;
  onPet: (petId: number | null) => void;
  onReason: (reasonId: number | null) => void;
  onContinue: (startsAt: string) => void;
}) {
  const { practice, pets, pet, reasons, reason, existing } = props;
  const [startsAt, setStartsAt] = useState<string | null>(props.initialStartsAt);
  const [missingTime, setMissingTime] = useState(false);
  const slots = useAppointmentSlots(
    pet && reason
      ? {
          practiceId: practice.practiceId,
          appointmentReasonId: reason.appointmentReasonId,
          petId: pet.petId,
          ...(existing ? { existingAppointmentId: existing.appointmentId } : {}),
        }
      : null,
  );
  const chosenIsOffered = slots.data?.slots.some((slot) => slot.startsAt === startsAt) ?? false;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Section>
        <StepHeading focusKey="choose">{existing ? 'Choose a new time' : 'Pet and reason'}</StepHeading>
        {existing ? (
          <Typography>
            Changing {existing.petName}’s {existing.reasonName}, now on{' '}
            {formatLabelledAppointmentTime(existing.startsAt)} at {existing.practiceName}.
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 480 }}>
            <TextField
              select
              label="Pet"
              value={pet?.petId ?? ''}
              onChange={(event) => props.onPet(event.target.value ? Number(event.target.value) : null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {pets.length > 1 && <option value="">Choose a pet</option>}
              {pets.map((candidate) => (
                <option key={candidate.petId} value={candidate.petId}>
                  {candidate.name}
                </option>
              ))}
            </TextField>
            {pet?.awaitingInitialConsultation && (
              <AppAlert severity="info">
                {pet.name} is awaiting the initial consultation: that is the only appointment you can book
                online for {pet.name} until it has taken place.
              </AppAlert>
            )}
            {pet && reasons === undefined && <CircularProgress size={24} aria-label="Loading reasons" />}
            {pet && reasons !== undefined && (
              <ReasonSelect
                reasons={reasons}
                value={reason?.appointmentReasonId ?? null}
                onChange={props.onReason}
                noneText={`No appointment reasons can be booked online for ${pet.name}.`}
              />
            )}
          </Box>
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
        <Button component={NextLink} href="/appointments" variant="outlined" sx={{ minHeight: 48, px: 3 }}>
          Cancel
        </Button>
        <Button
          variant="contained"
          sx={{ minHeight: 48, px: 3 }}
          disabled={!pet || !reason}
          onClick={() => {
            if (startsAt && chosenIsOffered) props.onContinue(startsAt);
            else setMissingTime(true);
          }}
        >
          Continue
        </Button>
      </Box>
    </Box>
  );
}

function ConfirmStep(props: {
  practice: BookingFlowProps['practice'];
  pet: BookablePet;
  reason: AppointmentReason;
  startsAt: string;
  existing: AppointmentDetail | null;
  onChooseAgain: () => void;
  onAlternative: (slot: AppointmentSlot) => void;
  onDone: (appointment: AppointmentDetail) => void;
}) {
  const { practice, pet, reason, startsAt, existing } = props;
  const book = useBookAppointment();
  const amend = useAmendAppointment(existing?.appointmentId ?? 0);
  const mutation = existing ? amend : book;
  const error = mutation.error;
  const conflict =
    error instanceof ApiError && error.status === 409 ? bookingConflictSchema.safeParse(error.body) : null;
  const alternatives = conflict?.success ? (conflict.data.alternatives ?? []) : [];
  const problem = error ? apiProblem(error) : null;
  const confirm = () => {
    const onSuccess = (appointment: AppointmentDetail) => props.onDone(appointment);
    if (existing) {
      amend.mutate({ startsAt }, { onSuccess });
    } else {
      // A new key for each attempt: a repeat of this request (a lost answer) finds the first booking.
      book.mutate(
        {
          body: {
            practiceId: practice.practiceId,
            petId: pet.petId,
            appointmentReasonId: reason.appointmentReasonId,
            startsAt,
          },
          idempotencyKey: crypto.randomUUID(),
        },
        { onSuccess },
      );
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Section>
        <StepHeading focusKey={`confirm-${startsAt}`}>
          {existing ? 'Check the new time' : 'Check your appointment'}
        </StepHeading>
        <BookingSummary
          petName={pet.name}
          reasonName={reason.name}
          practiceName={practice.name}
          startsAt={startsAt}
          clinicianType={reason.clinicianType}
        />
        {problem && (
          <Box sx={{ mt: 3 }}>
            {problem.status === 409 && conflict?.success ? (
              <AppAlert severity="error" title={conflict.data.message}>
                {alternatives.length > 0
                  ? 'These times near it are free. Choose one, then confirm again:'
                  : 'Choose another time.'}
              </AppAlert>
            ) : (
              <AppAlert severity="error">
                {problem.status === 403 || problem.status === 409
                  ? (problem.message ?? submissionFailedMessage)
                  : submissionFailedMessage}
              </AppAlert>
            )}
          </Box>
        )}
        <AlternativeTimes
          alternatives={alternatives}
          clinicianType={reason.clinicianType}
          onChoose={(slot) => {
            mutation.reset();
            props.onAlternative(slot);
          }}
        />
      </Section>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          sx={{ minHeight: 48, px: 3 }}
          onClick={props.onChooseAgain}
          disabled={mutation.isPending}
        >
          Choose another time
        </Button>
        <Button
          variant="contained"
          sx={{ minHeight: 48, px: 3 }}
          loading={mutation.isPending}
          onClick={confirm}
        >
          {existing ? 'Confirm change' : 'Confirm booking'}
        </Button>
      </Box>
    </Box>
  );
}

function BookingDone({ appointmentId, amended }: { appointmentId: number; amended: boolean }) {
  const appointment = useAppointment(appointmentId);
  if (appointment.isError) {
    return (
      <LoadError message="We could not load your appointment." onRetry={() => void appointment.refetch()} />
    );
  }
  if (appointment.isPending) {
    return <Pending label="Loading your appointment…" />;
  }
  const booked = appointment.data;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Section>
        <StepHeading focusKey="done">
          {amended ? 'Your appointment has been changed' : 'Your appointment is booked'}
        </StepHeading>
        <Box sx={{ mb: 3 }}>
          <AppAlert severity="success">
            {booked.petName} is booked in at {formatPracticeClock(booked.startsAt)} UK time. We have e-mailed
            you the details.
          </AppAlert>
        </Box>
        <BookingSummary
          petName={booked.petName}
          reasonName={booked.reasonName}
          practiceName={booked.practiceName}
          startsAt={booked.startsAt}
          clinicianType={booked.clinicianType}
        />
      </Section>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="contained"
          href={appointmentCalendarHref(booked)}
          download="appointment.ics"
          sx={{ minHeight: 48, px: 3 }}
        >
          Add to calendar
        </Button>
        <Button component={NextLink} href="/appointments" variant="outlined" sx={{ minHeight: 48, px: 3 }}>
          See your appointments
        </Button>
        <Link component={NextLink} href="/" sx={{ alignSelf: 'center' }}>
          Back to the dashboard
        </Link>
      </Box>
    </Box>
  );
}
