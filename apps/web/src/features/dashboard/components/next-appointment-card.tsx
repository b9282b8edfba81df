import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { useId } from 'react';
import { gridSkeletonHeight } from '@/shared/components/grid-wrapper';
import { visuallyHidden } from '@/shared/theme/visually-hidden';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { LoadError } from '@/shared/components/load-error';

export interface NextAppointmentCardProps {
  /** The next Booked appointment; undefined when there is none. */
  appointment: AppointmentSummary | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

const clinician: Record<AppointmentSummary['clinicianType'], string | null> = {
  Vet: 'With a vet',
  Nurse: 'With a nurse',
  Unknown: null,
};

function AppointmentDetails({ appointment }: { appointment: AppointmentSummary }) {
  const who = clinician[appointment.clinicianType];
  return (
    <>
      <Typography component="p" variant="h3">
        <time dateTime={appointment.startsAt}>{formatAppointmentTime(appointment.startsAt)}</time>
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {appointment.reasonName} for {appointment.petName}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {appointment.practiceName}
        {who && ` · ${who}`}
      </Typography>
    </>
  );
}

/** The soonest upcoming appointment, or a friendly word when there is none. */
export function NextAppointmentCard({ appointment, loading, error, onRetry }: NextAppointmentCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        Your next appointment
      </Typography>
      {loading ? (
        <>
          <Box role="status" sx={visuallyHidden}>
            Loading your appointments
          </Box>
          <Skeleton variant="rounded" height={gridSkeletonHeight} />
        </>
      ) : error ? (
        <LoadError message="We could not load your appointments." onRetry={onRetry} />
      ) : appointment ? (
        <AppointmentDetails appointment={appointment} />
      ) : (
        <Typography>You have no upcoming appointments. When you book one, it will show here.</Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <Link href="/appointments">See all your appointments</Link>
      </Box>
    </Paper>
  );
}
