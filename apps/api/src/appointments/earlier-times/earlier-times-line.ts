import { practiceDate } from '@vet/contracts/practice-clock';
import { endEarlierTimeRequests } from '@vet/clinician-time/earlier-time-requests';
import { earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookingMessages } from '@vet/contracts/booking-rules';
import { badRequest, conflict, forbidden, notFound } from '../../platform/index.ts';
import { earlierTimeMessages, type EarlierTimesDeps } from './earlier-times-common.ts';
import { offerFreedTimes } from './offer-freed-time.ts';

export interface EarlierTimeRequestView {
  appointmentId: number;
  latestDate: string;
  status: 'Waiting' | 'Offered';
}

const notFoundAppointment = () => notFound('We could not find that appointment.');

/**
 * POST /appointments/{id}/earlier-times: joins the practice's line (or changes the latest date of the
 * request already in it, keeping its place). Only the client's own booked appointment still to come.
 */
export async function joinEarlierTimes(
  deps: EarlierTimesDeps,
  clientId: number,
  appointmentId: number,
  latestDate: string,
): Promise<EarlierTimeRequestView> {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  const now = deps.now();
  if (record.status !== 'Booked' || record.startsAt.getTime() <= now.getTime()) {
    throw conflict(earlierTimeMessages.notWaitable);
  }
  // Decision 0099: the offer job leaves a pet that has died or has a new home out, and moving its
  // appointment is refused as booking for it is (0066); so is a place in the line.
  if (record.petStatus === 'Deceased') throw forbidden(bookingMessages.petDeceased);
  if (record.petStatus === 'Rehomed') throw forbidden(bookingMessages.petRehomed);
  if (latestDate < practiceDate(now) || latestDate > practiceDate(record.startsAt)) {
    throw badRequest(earlierTimeMessages.latestDate, [
      { path: 'latestDate', message: earlierTimeMessages.latestDate },
    ]);
  }
  const [row] = await deps.db
    .insert(earlierTimeRequests)
    .values({ appointmentId, clientId, practiceId: record.practiceId, latestDate, createdAt: now })
    .onConflictDoUpdate({
      target: earlierTimeRequests.appointmentId,
      targetWhere: sql`${earlierTimeRequests.status} in ('Waiting', 'Offered')`,
      set: { latestDate },
    })
    .returning({ latestDate: earlierTimeRequests.latestDate, status: earlierTimeRequests.status });
  return { appointmentId, latestDate: row!.latestDate, status: row!.status as 'Waiting' | 'Offered' };
}

/** GET /appointments/{id}/earlier-times: the live request, or null. */
export async function readEarlierTimes(
  deps: EarlierTimesDeps,
  clientId: number,
  appointmentId: number,
): Promise<EarlierTimeRequestView | null> {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  const [row] = await deps.db
    .select({ latestDate: earlierTimeRequests.latestDate, status: earlierTimeRequests.status })
    .from(earlierTimeRequests)
    .where(
      and(
        eq(earlierTimeRequests.appointmentId, appointmentId),
        eq(earlierTimeRequests.clientId, clientId),
        inArray(earlierTimeRequests.status, ['Waiting', 'Offered']),
      ),
    );
  return row
    ? { appointmentId, latestDate: row.latestDate, status: row.status as 'Waiting' | 'Offered' }
    : null;
}

/** DELETE /appointments/{id}/earlier-times: leaves the line; a time held for the request goes to the next. */
export async function leaveEarlierTimes(deps: EarlierTimesDeps, clientId: number, appointmentId: number) {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  const freed = await deps.db.transaction((tx) => endEarlierTimeRequests(tx, [appointmentId], deps.now()));
  await offerFreedTimes(deps, freed);
}
