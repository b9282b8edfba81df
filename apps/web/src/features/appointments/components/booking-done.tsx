'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { formatPracticeClock } from '@/shared/dates/appointment-time';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { appointmentCalendarHref } from '@/features/appointments/calendar-file';
import { PortalLink } from '@/shared/navigation/portal-link';
import { Pending, Section, StepHeading } from './booking-parts';
import { BookingSummary } from './booking-summary';

/** Booking's last step: the appointment as the API keeps it, with its calendar file. Survives a reload. */
export function BookingDone({ appointmentId, amended }: { appointmentId: number; amended: boolean }) {
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
        <Button component={PortalLink} href="/appointments" variant="outlined" sx={{ minHeight: 48, px: 3 }}>
          See your appointments
        </Button>
        <Link component={PortalLink} href="/" sx={{ alignSelf: 'center' }}>
          Back to the dashboard
        </Link>
      </Box>
    </Box>
  );
}
