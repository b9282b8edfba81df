import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { useId } from 'react';
import { gridSkeletonHeight } from '@/shared/components/grid-wrapper';
import { LoadError } from '@/shared/components/load-error';
import { formatAppointmentTime } from '@/shared/dates/appointment-time';
import { visuallyHidden } from '@/shared/theme/visually-hidden';
import type { PetAppointments } from '@/features/pets/pet-appointments';

const clinician: Record<AppointmentSummary['clinicianType'], string | null> = {
  Vet: 'with a vet',
  Nurse: 'with a nurse',
  Unknown: null,
};

const statusNote: Record<AppointmentSummary['status'], string | null> = {
  Booked: null,
  Completed: null,
  Cancelled: 'Cancelled',
  NoShow: 'Missed',
};

function AppointmentItem({ appointment }: { appointment: AppointmentSummary }) {
  const note = statusNote[appointment.status];
  const who = clinician[appointment.clinicianType];
  return (
    <Typography component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        <time dateTime={appointment.startsAt}>{formatAppointmentTime(appointment.startsAt)}</time>
        {note && ` · ${note}`}
      </Typography>
      <Typography component="span" sx={{ display: 'block' }}>
        {appointment.reasonName}
        {who && ` ${who}`}
      </Typography>
      <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {appointment.practiceName}
      </Typography>
    </Typography>
  );
}

function AppointmentGroup(props: { title: string; empty: string; appointments: AppointmentSummary[] }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {props.title}
      </Typography>
      {props.appointments.length === 0 ? (
        <Typography>{props.empty}</Typography>
      ) : (
        <Typography component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {props.appointments.map((appointment) => (
            <AppointmentItem key={appointment.appointmentId} appointment={appointment} />
          ))}
        </Typography>
      )}
    </Paper>
  );
}

export interface PetAppointmentsListProps {
  appointments: PetAppointments | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** The pet's upcoming appointments, soonest first, then its past and cancelled ones, latest first. */
export function PetAppointmentsList({ appointments, loading, error, onRetry }: PetAppointmentsListProps) {
  if (error) return <LoadError message="We could not load this pet’s appointments." onRetry={onRetry} />;
  if (loading || !appointments) {
    return (
      <>
        <Typography role="status" sx={visuallyHidden}>
          Loading appointments
        </Typography>
        <Skeleton variant="rounded" height={gridSkeletonHeight} />
      </>
    );
  }
  return (
    <>
      <AppointmentGroup
        title="Upcoming appointments"
        empty="No upcoming appointments."
        appointments={appointments.upcoming}
      />
      <AppointmentGroup
        title="Past and cancelled appointments"
        empty="No past appointments yet."
        appointments={appointments.past}
      />
    </>
  );
}
