'use client';

import { useState } from 'react';
import { LoadError } from '@/shared/components/load-error';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { usePracticePrices } from '@/features/appointments/api/get-practice-prices';
import { BookedAppointments } from './booked-appointments';
import { BookingPracticeNotices } from './booking-practice-notices';
import { Pending } from './booking-parts';
import { FetchingEarlierTimesControl } from './earlier-times-control';

/** Booking's last step: the appointment as the API keeps it, with its calendar file. Survives a reload. */
export function BookingDone({ appointmentId, amended }: { appointmentId: number; amended: boolean }) {
  const appointment = useAppointment(appointmentId);
  const [openedAt] = useState(() => new Date());
  // The notice's fees, read before the page shows (issue 62): nothing moves as they arrive.
  const prices = usePracticePrices(appointment.data?.practiceId);
  if (appointment.isError) {
    return (
      <LoadError message="We could not load your appointment." onRetry={() => void appointment.refetch()} />
    );
  }
  if (appointment.isPending || prices.isPending) {
    return <Pending label="Loading your appointment…" />;
  }
  const booked = appointment.data;
  return (
    <BookedAppointments
      heading={amended ? 'Your appointment has been changed' : 'Your appointment is booked'}
      appointments={[booked]}
    >
      {/* Above the earlier-times control, which comes after its own read: the notice never moves. */}
      <BookingPracticeNotices practiceId={booked.practiceId} practiceName={booked.practiceName} />
      {/* Nothing sooner was free: the client can wait for an earlier time (decision 0086). One request,
          after the appointment's: a changed (amended) appointment may already be waiting. */}
      {booked.status === 'Booked' && <FetchingEarlierTimesControl appointment={booked} now={openedAt} />}
    </BookedAppointments>
  );
}
