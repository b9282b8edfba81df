import type { Database, Executor } from '@vet/db/connection';
import { endEarlierTimeRequests, type FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { makeRoomForPracticeBooking, type PracticeLaneEffects } from '@vet/clinician-time/practice-lane';
import { enqueueEmail } from '@vet/email/enqueue-email';
import {
  nextCalendarSequence,
  recordChangeEmail,
  type AppointmentsRepository,
} from '../../appointments/index.ts';
import {
  practiceBookingRepository as repository,
  type AppointmentValues,
  type PracticeBookingReads,
  type StoredAppointment,
} from './practice-booking-repository.ts';
import { writePracticeAppointment, type WrittenAppointment } from './practice-booking-writes.ts';

/**
 * The desk bookings' one write and what it frees (decision 0063, 0086): every route of
 * practice-booking-service.ts ends here, in the caller's transaction.
 */

export interface PracticeBookingDeps {
  db: Database;
  /** The prepared reads (references, answers). */
  reads: PracticeBookingReads;
  /** The client's records, for a cancellation e-mail's facts (the booking module's). */
  appointments: AppointmentsRepository;
  brandName: string;
  /** The calendar invitations' ORGANIZER address: MAIL_FROM's (decision 0082). */
  organizerEmail: string;
  /** The portal's address, for its e-mails' closing lines (decision 0143). */
  portalUrl?: string | undefined;
  now: () => Date;
  /** After a cancellation commits, with the time it freed: the earlier-times line (decision 0086). */
  timeFreed?: ((spans: FreedSpan[]) => Promise<void>) | undefined;
}

const noEffects: PracticeLaneEffects = {
  releasedHolds: 0,
  flaggedAppointments: 0,
  flaggedAppointmentIds: [],
};

/**
 * The one write every route ends in, in the caller's transaction (decision 0063), to the appointment
 * `target` names (a reference naming none creates it). A Booked appointment's time is cleared of online
 * rows (flagged, or given away) and held in the practice's lane; any other status holds no time. A
 * Completed initial consultation ends the pet's "awaiting initial consultation"; the practice cancelling
 * an appointment the client booked online (and so was e-mailed about) e-mails the client a cancellation
 * that replaces the calendar entry they have. `laneLocked`: the caller took the lane's locks already.
 */
export async function store(
  deps: PracticeBookingDeps,
  tx: Executor,
  target: { id: number } | { ref: string },
  desired: AppointmentValues,
  laneLocked = false,
): Promise<{ written: WrittenAppointment; effects: PracticeLaneEffects }> {
  const now = deps.now();
  const span = {
    ...desired,
    appointmentId: 'id' in target ? target.id : null,
    appointmentRef: 'ref' in target ? target.ref : null,
  };
  // The lane's locks and the holds' rows come before this appointment's row (decision 0063's lock order).
  const effects =
    desired.status === 'Booked'
      ? await makeRoomForPracticeBooking(tx, span, now, { locked: laneLocked })
      : noEffects;
  const written = await writePracticeAppointment(tx, target, desired, now);
  if (!written) throw new Error('the appointment went away under its lock');
  const { previous } = written;
  if (written.source === 'Online' && previous?.status === 'Booked' && desired.status === 'Cancelled') {
    await emailCancellation(deps, tx, { id: written.id, clientId: previous.clientId }, now);
  }
  return { written, effects };
}

async function emailCancellation(
  deps: PracticeBookingDeps,
  tx: Executor,
  appointment: Pick<StoredAppointment, 'id' | 'clientId'>,
  now: Date,
) {
  const contact = await repository.clientContact(tx, appointment.clientId);
  const record = await deps.appointments.findRecord(appointment.clientId, appointment.id, tx);
  if (!contact?.email || !record) return;
  const client = { email: contact.email, firstName: contact.firstName };
  const calendarSequence = await nextCalendarSequence(tx, record.appointmentId);
  await enqueueEmail(
    tx,
    recordChangeEmail({ ...record, calendarSequence }, client, {
      change: 'cancelled',
      brandName: deps.brandName,
      organizerEmail: deps.organizerEmail,
      portalUrl: deps.portalUrl,
      changedAt: now,
    }),
  );
}

/**
 * Decision 0086: a booked record rewritten to another time or clinician, or Cancelled, frees the time it
 * left (the write answers the row as it was); cancelled or moved earlier, its own request ends, a
 * statement spent only when it has one. A record created, kept where it was, or given an outcome frees
 * nothing.
 */
export async function freedByRewrite(
  tx: Executor,
  written: WrittenAppointment,
  desired: AppointmentValues,
  now: Date,
): Promise<FreedSpan[]> {
  const { previous } = written;
  if (previous?.status !== 'Booked') return [];
  const cancelled = desired.status === 'Cancelled';
  const moved =
    desired.status === 'Booked' &&
    (desired.clinicianId !== previous.clinicianId ||
      desired.startsAt.getTime() !== previous.startsAt.getTime() ||
      desired.endsAt.getTime() !== previous.endsAt.getTime());
  if (!cancelled && !moved) return [];
  const endsRequest = cancelled || desired.startsAt.getTime() < previous.startsAt.getTime();
  const held = previous.waiting && endsRequest ? await endEarlierTimeRequests(tx, [written.id], now) : [];
  const { practiceId, clinicianId, startsAt, endsAt } = previous;
  return [{ practiceId, clinicianId, startsAt, endsAt, freedBy: written.id }, ...held];
}
