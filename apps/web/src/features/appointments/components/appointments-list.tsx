'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { useId } from 'react';
import { LoadError } from '@/shared/components/load-error';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import { visuallyHidden } from '@/shared/theme/visually-hidden';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { clinicianPhrase, type AppointmentGroups } from '@/features/appointments/appointment-groups';
import { changeAppointmentHref } from '@/features/appointments/booking-params';
import { PortalLink } from '@/shared/navigation/portal-link';

const statusNote: Record<AppointmentSummary['status'], string | null> = {
  Booked: null,
  Completed: null,
  Cancelled: 'Cancelled',
  NoShow: 'Missed',
};

/** Change and Cancel, while the practice's cut-off allows (the appointment's changeableUntil). */
function ChangeActions(props: {
  appointment: AppointmentSummary;
  now: Date;
  changeOpen: boolean;
  onCancel: () => void;
}) {
  const { appointment, now, changeOpen, onCancel } = props;
  const detail = useAppointment(appointment.appointmentId);
  if (detail.isPending) return <Skeleton variant="rounded" width={200} height={40} sx={{ mt: 1.5 }} />;
  if (detail.isError) return null;
  if (detail.data.status !== 'Booked' || Date.parse(detail.data.changeableUntil) <= now.getTime()) {
    return (
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        This appointment starts too soon to change or cancel online. Please call your practice.
      </Typography>
    );
  }
  const what = `${appointment.petName}’s ${appointment.reasonName} on ${formatLabelledAppointmentTime(appointment.startsAt)}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1.5 }}>
      {changeOpen && (
        <Button
          component={PortalLink}
          href={changeAppointmentHref(appointment.appointmentId)}
          variant="outlined"
          aria-label={`Change ${what}`}
        >
          Change
        </Button>
      )}
      <Button variant="outlined" color="error" onClick={onCancel} aria-label={`Cancel ${what}`}>
        Cancel
      </Button>
    </Box>
  );
}

function AppointmentItem(props: {
  appointment: AppointmentSummary;
  upcoming: boolean;
  now: Date;
  changeOpen: boolean;
  onCancel: (appointment: AppointmentSummary) => void;
}) {
  const { appointment, upcoming, now, changeOpen, onCancel } = props;
  const note = statusNote[appointment.status];
  const who = clinicianPhrase(appointment.clinicianType);
  return (
    <Box component="li" sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="p" sx={{ fontWeight: 600 }}>
        <time dateTime={appointment.startsAt}>{formatLabelledAppointmentTime(appointment.startsAt)}</time>
        {note && (
          <Box
            component="span"
            sx={{ ml: 1, px: 1, py: 0.25, border: 1, borderRadius: 1, fontSize: '0.875rem', fontWeight: 600 }}
          >
            {note}
          </Box>
        )}
      </Typography>
      <Typography>
        {appointment.petName}: {appointment.reasonName}
        {who && ` ${who}`}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{appointment.practiceName}</Typography>
      {upcoming && (
        <ChangeActions
          appointment={appointment}
          now={now}
          changeOpen={changeOpen}
          onCancel={() => onCancel(appointment)}
        />
      )}
    </Box>
  );
}

function AppointmentSection(props: {
  title: string;
  empty: string;
  appointments: AppointmentSummary[];
  upcoming: boolean;
  now: Date;
  changeOpen: boolean;
  onCancel: (appointment: AppointmentSummary) => void;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {props.title}
      </Typography>
      {props.appointments.length === 0 ? (
        <Typography>{props.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {props.appointments.map((appointment) => (
            <AppointmentItem
              key={appointment.appointmentId}
              appointment={appointment}
              upcoming={props.upcoming}
              now={props.now}
              changeOpen={props.changeOpen}
              onCancel={props.onCancel}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}

export interface AppointmentsListProps {
  groups: AppointmentGroups<AppointmentSummary> | undefined;
  error: boolean;
  onRetry: () => void;
  now: Date;
  /** Online booking is open to the client (moving is booking again); cancelling stays open regardless. */
  changeOpen: boolean;
  onCancel: (appointment: AppointmentSummary) => void;
}

/** Upcoming appointments (soonest first, with Change and Cancel), then past and cancelled ones. */
export function AppointmentsList({
  groups,
  error,
  onRetry,
  now,
  changeOpen,
  onCancel,
}: AppointmentsListProps) {
  if (error) return <LoadError message="We could not load your appointments." onRetry={onRetry} />;
  if (!groups) {
    return (
      <>
        <Typography role="status" sx={visuallyHidden}>
          Loading your appointments
        </Typography>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </>
    );
  }
  return (
    <>
      <AppointmentSection
        title="Upcoming"
        empty="You have no upcoming appointments."
        appointments={groups.upcoming}
        upcoming
        now={now}
        changeOpen={changeOpen}
        onCancel={onCancel}
      />
      <AppointmentSection
        title="Past and cancelled"
        empty="You have no past appointments."
        appointments={groups.past}
        upcoming={false}
        now={now}
        changeOpen={changeOpen}
        onCancel={onCancel}
      />
    </>
  );
}
