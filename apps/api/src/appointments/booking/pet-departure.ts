import { clients } from '@vet/db/schema/clients';
import { appointments } from '@vet/db/schema/appointments';
import { cancellationReasons } from '@vet/db/schema/lookups';
import type { Executor } from '@vet/db/connection';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { endEarlierTimeRequests, type FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { nextCalendarSequence } from './appointment-calendar.ts';
import type { BookingDeps } from './book-appointment.ts';
import { recordChangeEmail } from './booking-emails.ts';
import { cancelBooked } from './cancel-writes.ts';
import { announceFreed, spanOf } from './change-appointment.ts';

/** The portal's own cancellation reasons (cancellation-reasons.csv) that say why a pet's bookings ended. */
export const departureReasonCodes = { Deceased: 'pet-passed-away', Rehomed: 'pet-rehomed' } as const;

export interface PetDepartureCancellation {
  /** The appointments cancelled, soonest first. */
  cancelled: number[];
  /** Their time and any time held for them, for the earlier-times line once the caller has committed. */
  freed: FreedSpan[];
}

/**
 * Decision 0099: a pet has died or has a new home. In the caller's transaction (the one that records it,
 * which holds the pet's row), each of its booked appointments still to come is cancelled the way a client
 * cancels one: the time freed, the cancellation e-mailed with its calendar entry, and the practice system
 * told (appointment.cancelled), whatever the cut-off (nobody will come). The reason is the portal's entry
 * for a death or a new home; a database whose lists lack it records none (the column allows it, and the
 * event carries no reason). Their earlier-times requests end.
 */
export async function cancelForPetDeparture(
  deps: Pick<BookingDeps, 'appointments' | 'brandName' | 'organizerEmail' | 'now' | 'portalUrl'>,
  tx: Executor,
  input: { clientId: number; petId: number; status: keyof typeof departureReasonCodes },
): Promise<PetDepartureCancellation> {
  const now = deps.now();
  const ahead = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.clientId, input.clientId),
        eq(appointments.petId, input.petId),
        eq(appointments.status, 'Booked'),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .for('update');
  if (ahead.length === 0) return { cancelled: [], freed: [] };
  const [reason] = await tx
    .select({ id: cancellationReasons.id })
    .from(cancellationReasons)
    .where(
      and(
        eq(cancellationReasons.source, 'portal'),
        eq(cancellationReasons.code, departureReasonCodes[input.status]),
        isNotNull(cancellationReasons.code),
      ),
    );
  const [client] = await tx
    .select({ email: clients.email, firstName: clients.firstName })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  const ids = ahead.map((row) => row.id);
  const freed: FreedSpan[] = [];
  for (const appointmentId of ids) {
    const record = await deps.appointments.findRecord(input.clientId, appointmentId, tx);
    if (!record) continue;
    await cancelBooked(tx, appointmentId, reason?.id ?? null, now);
    if (client?.email) {
      const calendarSequence = await nextCalendarSequence(tx, appointmentId);
      await enqueueEmail(
        tx,
        recordChangeEmail(
          { ...record, calendarSequence },
          { email: client.email, firstName: client.firstName },
          {
            change: 'cancelled',
            brandName: deps.brandName,
            organizerEmail: deps.organizerEmail,
            portalUrl: deps.portalUrl,
            changedAt: now,
          },
        ),
      );
    }
    freed.push(spanOf(record));
  }
  freed.push(...(await endEarlierTimeRequests(tx, ids, now)));
  return { cancelled: ids, freed };
}

/**
 * Decision 0099: the clients module's hook for a pet's departure, bound to booking's deps: cancels in the
 * caller's transaction and answers the announcement of the freed time, for after the commit.
 */
export function departureCancellation(deps: BookingDeps) {
  return async (
    tx: Executor,
    input: { clientId: number; petId: number; status: keyof typeof departureReasonCodes },
  ): Promise<() => Promise<void>> => {
    const { freed } = await cancelForPetDeparture(deps, tx, input);
    return () => announceFreed(deps, freed);
  };
}
