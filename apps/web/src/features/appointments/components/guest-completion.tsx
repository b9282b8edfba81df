'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { SoftBooking } from '@vet/contracts/guest-bookings';
import type { Pet } from '@vet/contracts/pets';
import { petSexes } from '@vet/contracts/pet-rules';
import { useId, useState } from 'react';
import { LoadError } from '@/shared/components/load-error';
import {
  clearStoredGuestHold,
  readStoredGuestHold,
  storeGuestHold,
} from '@/shared/storage/guest-hold-storage';
import { useOnlineAppointmentReasons } from '@/features/appointments/api/get-online-appointment-reasons';
import { useCompleteGuestHold, useReplaceGuestHold } from '@/features/appointments/api/guest-bookings';
import { guestFailure, type GuestFailure } from '@/features/appointments/guest-conflict';
import { PortalLink } from '@/shared/navigation/portal-link';
import { Pending, Section, StepActions, StepHeading } from './booking-parts';
import { GuestFailureNotice } from './guest-failure-notice';
import { BookingSummary } from './booking-summary';

type PetSex = Pet['sex'];

export interface GuestCompletionProps {
  /** The practices' names by id, for the summary. */
  practiceName: (practiceId: number) => string;
  onBooked: (appointment: AppointmentDetail) => void;
}

/**
 * /guest/complete (R4.25): the signed-in, linked client books the time they held as a guest. The one
 * fact the pet's record needs that the guest did not give is asked here. If the hold ended and its time
 * went meanwhile, the page says so plainly and offers the nearest free times: one press holds that time
 * and books it.
 */
export function GuestCompletion({ practiceName, onBooked }: GuestCompletionProps) {
  const reasons = useOnlineAppointmentReasons();
  const complete = useCompleteGuestHold();
  const replace = useReplaceGuestHold();
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
  const busy = complete.isPending || replace.isPending || complete.isSuccess;

  const book = async (target: SoftBooking, petSex: PetSex) => {
    setFailure(null);
    try {
      const appointment = await complete.mutateAsync({ holdId: target.softBookingId, body: { petSex } });
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
    void book(hold, sex);
  };
  const takeAlternative = async (startsAt: string) => {
    if (!sex) return;
    setFailure(null);
    try {
      const moved = await replace.mutateAsync({
        holdId: hold.softBookingId,
        body: { practiceId: hold.practiceId, appointmentReasonId: hold.appointmentReasonId, startsAt },
      });
      storeGuestHold(moved);
      setHold(moved);
      await book(moved, sex);
    } catch (error) {
      setFailure(guestFailure(error));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Section>
        <StepHeading focusKey={hold.softBookingId}>Book the time you held</StepHeading>
        <BookingSummary
          petName={hold.petName}
          reasonName={reason?.name ?? 'Appointment'}
          practiceName={practiceName(hold.practiceId)}
          startsAt={hold.slot.startsAt}
          clinicianType={reason?.clinicianType ?? 'Unknown'}
        />
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0, mt: 3 }}
          aria-describedby={`${sexLabelId}-error`}
        >
          <Typography component="legend" id={sexLabelId} sx={{ fontWeight: 600, mb: 1 }}>
            Is {hold.petName} male or female?
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>
            We register {hold.petName} with the practice as we book the appointment.
          </Typography>
          <RadioGroup
            row
            name="petSex"
            value={sex}
            onChange={(event) => {
              setSex(event.target.value as PetSex);
              setSexMissing(false);
            }}
          >
            {petSexes.map((value, index) => (
              <FormControlLabel
                key={value}
                value={value}
                control={
                  <Radio slotProps={{ input: { id: index === 0 ? `${sexLabelId}-first` : undefined } }} />
                }
                label={value}
                sx={{ minHeight: 48, mr: 3 }}
              />
            ))}
          </RadioGroup>
          <Typography id={`${sexLabelId}-error`} role="alert" sx={{ color: 'error.main' }}>
            {sexMissing ? `Choose whether ${hold.petName} is male or female.` : ''}
          </Typography>
        </Box>
        {failure && (
          <Box sx={{ mt: 3 }}>
            <GuestFailureNotice
              failure={failure}
              clinicianType={reason?.clinicianType ?? 'Unknown'}
              busy={busy}
              onChoose={(slot) => void takeAlternative(slot.startsAt)}
              noAlternatives={
                <Typography sx={{ mt: 2 }}>
                  No other times are free near it.{' '}
                  <PortalLink href="/appointments/book">Choose another day</PortalLink>.
                </Typography>
              }
            />
          </Box>
        )}
      </Section>
      <StepActions>
        <Button component={PortalLink} href="/" variant="outlined" sx={{ minHeight: 48, px: 3 }}>
          Not now
        </Button>
        {/* Once the time is known to be taken, the nearest free times are the way on. */}
        {failure?.kind !== 'taken' && (
          <Button variant="contained" sx={{ minHeight: 48, px: 3 }} loading={busy} onClick={submit}>
            Book this appointment
          </Button>
        )}
      </StepActions>
    </Box>
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
      <Typography sx={{ mb: 3 }}>
        {failure?.message ?? 'There is no appointment time held in this browser.'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          component={PortalLink}
          href={completed ? '/appointments' : '/appointments/book'}
          variant="contained"
          sx={{ minHeight: 48, px: 3 }}
        >
          {completed ? 'See your appointments' : 'Book an appointment'}
        </Button>
        <Button component={PortalLink} href="/" variant="outlined" sx={{ minHeight: 48, px: 3 }}>
          Back to the dashboard
        </Button>
      </Box>
    </Section>
  );
}
