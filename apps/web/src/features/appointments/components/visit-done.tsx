'use client';

import { LoadError } from '@/shared/components/load-error';
import { useVisit } from '@/features/appointments/api/get-visit';
import { usePracticePrices } from '@/features/appointments/api/get-practice-prices';
import { BookedAppointments } from './booked-appointments';
import { BookingPracticeNotices } from './booking-practice-notices';
import { Pending } from './booking-parts';

/**
 * A visit's last step (decision 0117), booked or moved: the pets, each one's time, and one calendar file
 * spanning the visit, as the confirmation e-mail's. A pet removed from it is left out. Survives a reload.
 */
export function VisitDone({ visitId, amended = false }: { visitId: string; amended?: boolean }) {
  const visit = useVisit(visitId);
  // The notice's fees, read before the page shows (issue 62): nothing moves as they arrive.
  const prices = usePracticePrices(visit.data?.appointments[0]?.practiceId);
  if (visit.isError) {
    return <LoadError message="We could not load your visit." onRetry={() => void visit.refetch()} />;
  }
  if (visit.isPending || (visit.data.appointments.length > 0 && prices.isPending))
    return <Pending label="Loading your visit…" />;
  const { appointments } = visit.data;
  const booked = appointments.filter((appointment) => appointment.status === 'Booked');
  const [first, ...rest] = booked.length > 0 ? booked : appointments;
  return (
    <BookedAppointments
      heading={amended ? 'Your visit has been changed' : 'Your visit is booked'}
      appointments={[first!, ...rest]}
    >
      <BookingPracticeNotices practiceId={first!.practiceId} practiceName={first!.practiceName} />
    </BookedAppointments>
  );
}
