'use client';

import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { SoftBooking } from '@vet/contracts/guest-bookings';
import { petSexes } from '@vet/contracts/pet-rules';
import { useId, useState } from 'react';
import { LoadError } from '@/shared/components/load-error';
import { clearStoredGuestHold, readStoredGuestHold } from '@/shared/storage/guest-hold-storage';
import { actionButtonClassName } from '@/shared/actions/action-button';
import { Button } from '@/shared/ui/button';
import { ChoiceLabel, Radio } from '@/shared/ui/choice';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import { useCompleteGuestHold } from '@/features/appointments/api/guest-bookings';
import { useAppointmentPrice } from '@/features/appointments/api/get-appointment-price';
import { practiceDate } from '@/shared/dates/appointment-time';
import { guestFailure, type GuestFailure } from '@/features/appointments/guest-conflict';
import { PortalLink } from '@/shared/navigation/portal-link';
import { Pending, Section, StepActions, StepHeading } from './booking-parts';
import { GuestFailureNotice } from './guest-failure-notice';
import { BookingPracticeNotices } from './booking-practice-notices';
import { BookingSummary } from './booking-summary';
import { QuotedPrice } from './quoted-price';
import styles from './guest-completion.module.css';

/** A guest chooses as a registering client does: Male or Female (Unknown is the practice's system's). */
type PetSex = (typeof petSexes)[number];

export interface GuestCompletionProps {
  /** The practices' names by id, for the summary. */
  practiceName: (practiceId: number) => string;
  onBooked: (appointment: AppointmentDetail) => void;
}

/**
 * /guest/complete (R4.25): the signed-in, linked client books the time they held as a guest. The one
 * fact the pet's record needs that the guest did not give is asked here. If the hold ended and its time
 * went meanwhile, the page says so plainly and offers the nearest free times: one press books that time
 * (the completion takes it as `startsAt`).
 */
export function GuestCompletion({ practiceName, onBooked }: GuestCompletionProps) {
  const reasons = useOnlineAppointmentReasons();
  const complete = useCompleteGuestHold();
  // Mounted in the browser only (under RequireAuth), so storage can be read at once.
  const [hold, setHold] = useState<SoftBooking | null>(readStoredGuestHold);
  const [sex, setSex] = useState<PetSex | ''>('');
  const [sexMissing, setSexMissing] = useState(false);
  const [failure, setFailure] = useState<GuestFailure | null>(null);
  const sexLabelId = useId();

  if (reasons.isError) {
    return (
      <LoadError
        message="We could not load the appointment reasons."
        onRetry={() => void reasons.refetch()}
      />
    );
  }
  if (reasons.isPending) return <Pending label="Loading your held time…" />;
  if (hold === null) return <NothingHeld failure={failure} />;

  const reason = reasons.data.find((candidate) => candidate.appointmentReasonId === hold.appointmentReasonId);
  // Once booked, busy until the booking's page arrives: a second tap finds nothing to book (decision 0047).
  const busy = complete.isPending || complete.isSuccess;

  /** Books the hold at its own time, or at `startsAt`, one of the nearest free times offered. */
  const book = async (petSex: PetSex, startsAt?: string) => {
    setFailure(null);
    try {
      const body = startsAt === undefined ? { petSex } : { petSex, startsAt };
      const appointment = await complete.mutateAsync({ holdId: hold.softBookingId, body });
      clearStoredGuestHold();
      onBooked(appointment);
    } catch (error) {
      const next = guestFailure(error);
      setFailure(next);
      if (next.kind === 'gone') {
        clearStoredGuestHold();
        setHold(null);
      }
    }
  };
  const submit = () => {
    if (!sex) {
      setSexMissing(true);
      document.getElementById(`${sexLabelId}-first`)?.focus();
      return;
    }
    void book(sex);
  };

  return (
    <div className={styles.steps}>
      <Section>
        <StepHeading focusKey={hold.softBookingId}>Book the time you held</StepHeading>
        <BookingSummary
          petName={hold.petName}
          reasonName={reason?.name ?? 'Appointment'}
          practiceName={practiceName(hold.practiceId)}
          startsAt={hold.slot.startsAt}
          clinicianType={reason?.clinicianType ?? 'Unknown'}
        />
        <HeldTimePrice hold={hold} />
        <fieldset className={styles.sex} aria-describedby={`${sexLabelId}-error`}>
          <legend id={sexLabelId} className={styles.sexLegend}>
            Is {hold.petName} male or female?
          </legend>
          <p className={cx(typography.secondary, styles.sexNote)}>
            We register {hold.petName} with the practice as we book the appointment.
          </p>
          <div role="radiogroup" className={styles.sexChoices}>
            {petSexes.map((value, index) => (
              <ChoiceLabel
                key={value}
                control={
                  <Radio
                    id={index === 0 ? `${sexLabelId}-first` : undefined}
                    name="petSex"
                    value={value}
                    checked={sex === value}
                    onChange={(event) => {
                      setSex(event.target.value as PetSex);
                      setSexMissing(false);
                    }}
                  />
                }
                label={value}
                className={styles.sexChoice}
              />
            ))}
          </div>
          <p id={`${sexLabelId}-error`} role="alert" className={styles.error}>
            {sexMissing ? `Choose whether ${hold.petName} is male or female.` : ''}
          </p>
        </fieldset>
        {failure && (
          <div className={styles.failure}>
            <GuestFailureNotice
              failure={failure}
              clinicianType={reason?.clinicianType ?? 'Unknown'}
              busy={busy}
              onChoose={(slot) => {
                if (sex) void book(sex, slot.startsAt);
              }}
              noAlternatives={
                <p className={styles.noAlternatives}>
                  No other times are free near it.{' '}
                  <PortalLink href="/appointments/book">Choose another day</PortalLink>.
                </p>
              }
            />
          </div>
        )}
      </Section>
      <StepActions>
        <Button href="/" variant="outlined" className={actionButtonClassName}>
          Not now
        </Button>
        {/* Once the time is known to be taken, the nearest free times are the way on. */}
        {failure?.kind !== 'taken' && (
          <Button variant="contained" className={actionButtonClassName} loading={busy} onClick={submit}>
            Book this appointment
          </Button>
        )}
      </StepActions>
      {/* Under the actions, so that arriving it moves nothing a finger is on (issue 62, decision 0148). */}
      <BookingPracticeNotices
        practiceId={hold.practiceId}
        practiceName={practiceName(hold.practiceId)}
        ownership
      />
    </div>
  );
}

/** No hold in this browser: it was booked, let go, or held elsewhere. A failure that forgot it says why. */
function NothingHeld({ failure }: { failure: GuestFailure | null }) {
  const completed = failure?.kind === 'gone' && failure.completed;
  return (
    <Section>
      <StepHeading focusKey="nothing-held">
        {completed ? 'This time is already booked' : 'No held time to book'}
      </StepHeading>
      <p className={styles.nothingText}>
        {failure?.message ?? 'There is no appointment time held in this browser.'}
      </p>
      <div className={styles.nothingActions}>
        <Button
          href={completed ? '/appointments' : '/appointments/book'}
          variant="contained"
          className={actionButtonClassName}
        >
          {completed ? 'See your appointments' : 'Book an appointment'}
        </Button>
        <Button href="/" variant="outlined" className={actionButtonClassName}>
          Back to the dashboard
        </Button>
      </div>
    </Section>
  );
}

/** The held time's price for the guest's animal (issue 62), before the client books it. */
function HeldTimePrice({ hold }: { hold: SoftBooking }) {
  const quote = useAppointmentPrice({
    practiceId: hold.practiceId,
    appointmentReasonId: hold.appointmentReasonId,
    date: practiceDate(hold.slot.startsAt),
    speciesId: hold.speciesId,
  });
  return (
    <QuotedPrice
      quotes={quote.isSuccess ? [{ petName: hold.petName, price: quote.data.price }] : undefined}
    />
  );
}
