import type { ManageLinkAppointment } from '@vet/contracts/manage-link';
import { manageLinkMessages } from '@vet/contracts/manage-link';
import { practiceDate } from '@vet/contracts/practice-clock';
import type { Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { appointments } from '@vet/db/schema/appointments';
import { clients } from '@vet/db/schema/clients';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { appointmentEventColumns, cancelAppointment, toDetail, type BookingDeps } from '../booking/index.ts';
import { notFound } from '../../platform/index.ts';
import { writtenPrescriptionFeesOn } from '../../reference/index.ts';
import { isSignedAt, tokenParts, type ManageLinkKey } from './manage-link-token.ts';

export interface ManageLinkDeps extends BookingDeps {
  key: ManageLinkKey;
}

/**
 * Tampered, unknown, started, cancelled, used, superseded or ended by its client: one answer, so the link
 * tells nothing more (decisions 0084, 0095).
 */
const notValid = () => notFound(manageLinkMessages.notValid);

/** The appointment's row, if still booked and not yet started, with its link's generation now. */
async function bookedRow(executor: Executor, appointmentId: number, now: Date) {
  const [row] = await executor
    .select({
      clientId: appointments.clientId,
      generation: appointments.manageLinkGeneration,
      attendanceConfirmedAt: appointments.attendanceConfirmedAt,
      firstName: clients.firstName,
      email: clients.email,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.status, 'Booked'),
        gt(appointments.startsAt, now),
      ),
    );
  return row;
}

/**
 * The appointment a token may act on now: still booked, not yet started, and the token signed by this
 * key at the appointment's current link generation (decision 0095: a newer link, a use, a move, a
 * cancellation or the client ending their links raised it). The start and status are the appointment's
 * as they are now.
 */
async function liveAppointment(deps: ManageLinkDeps, token: string) {
  const parts = tokenParts(token);
  if (parts === null) throw notValid();
  const row = await bookedRow(deps.db, parts.appointmentId, deps.now());
  if (!row || !isSignedAt(deps.key, parts, row.generation)) throw notValid();
  return { appointmentId: parts.appointmentId, ...row };
}

async function view(
  deps: ManageLinkDeps,
  clientId: number,
  appointmentId: number,
  attendanceConfirmed: boolean,
): Promise<ManageLinkAppointment> {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notValid();
  const fees = await writtenPrescriptionFeesOn(deps.db, record.practiceId, practiceDate(deps.now()));
  if (!fees) throw notValid();
  return {
    appointmentId,
    petName: record.petName,
    reasonName: record.reasonName,
    clinicianType: record.clinicianType,
    clinicianName: record.clinicianName,
    practiceName: record.practiceName,
    practiceAddress: record.practiceAddress,
    practicePhone: record.practicePhone,
    startsAt: record.startsAt.toISOString(),
    endsAt: record.endsAt.toISOString(),
    status: record.status === 'Booked' ? 'Booked' : 'Cancelled',
    attendanceConfirmed,
    changeableUntil: new Date(record.startsAt.getTime() - record.cutoffMinutes * 60_000).toISOString(),
    petStatus: record.petStatus,
    writtenPrescriptionFees: fees,
    price: toDetail(record).price,
  };
}

/** Opening the link: a read, nothing written (mail scanners open links too). */
export async function readManageLink(deps: ManageLinkDeps, token: string): Promise<ManageLinkAppointment> {
  const live = await liveAppointment(deps, token);
  return view(deps, live.clientId, live.appointmentId, live.attendanceConfirmedAt !== null);
}

/**
 * "I'll be there": recorded once (a second press keeps the first time), nothing sent to the client; the
 * practice system is told the first time (`appointment.attendance_confirmed`). It does not use the link
 * up (decision 0095): the e-mail offers cancelling too, and a person who said they would come and then
 * cannot expects the same link to cancel.
 */
export async function confirmAttendance(deps: ManageLinkDeps, token: string): Promise<ManageLinkAppointment> {
  const live = await liveAppointment(deps, token);
  const now = deps.now();
  const stillLive = and(
    eq(appointments.id, live.appointmentId),
    eq(appointments.status, 'Booked'),
    gt(appointments.startsAt, now),
    // Ended since it was read (decision 0095): nothing is recorded.
    eq(appointments.manageLinkGeneration, live.generation),
  );
  const confirmed = await deps.db.transaction(async (tx) => {
    // Only the first press writes: of two at once, the second finds the time set once the first commits.
    const [first] = await tx
      .update(appointments)
      .set({ attendanceConfirmedAt: now })
      .where(and(stillLive, isNull(appointments.attendanceConfirmedAt)))
      .returning(appointmentEventColumns);
    if (first) {
      await recordPracticeEvent(tx, 'appointment.attendance_confirmed', {
        appointment_id: first.id,
        appointment_ref: first.pmsRef,
        client_id: first.clientId,
        client_ref: first.clientRef,
        pet_id: first.petId,
        pet_ref: first.petRef,
        starts_at: first.startsAt.toISOString(),
        confirmed_at: now.toISOString(),
      });
      return true;
    }
    const [already] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(stillLive, isNotNull(appointments.attendanceConfirmedAt)));
    return already !== undefined;
  });
  if (!confirmed) throw notValid();
  return view(deps, live.clientId, live.appointmentId, true);
}

/**
 * "Cancel": the portal's own cancellation (its reasons, its cut-off, its e-mail and the practice
 * system's event), as the appointment's client. It uses the link up: the cancellation raises the
 * generation (migration 0030's trigger), so the link stays ended even if the practice books the
 * appointment again. The link is checked again under the appointment's lock, so a link ended meanwhile
 * cancels nothing.
 */
export async function cancelByManageLink(
  deps: ManageLinkDeps,
  token: string,
  reasonId: number,
): Promise<ManageLinkAppointment> {
  const live = await liveAppointment(deps, token);
  const booker = {
    clientId: live.clientId,
    firstName: live.firstName,
    email: live.email,
    onlineBookingAllowed: true,
    homePracticeId: null,
  };
  const stillLive = async (tx: Executor) => {
    const row = await bookedRow(tx, live.appointmentId, deps.now());
    if (row?.generation !== live.generation) throw notValid();
  };
  await cancelAppointment(deps, booker, live.appointmentId, reasonId, stillLive);
  return view(deps, live.clientId, live.appointmentId, live.attendanceConfirmedAt !== null);
}

/**
 * POST /client/manage-links/end: ends the links of every upcoming booked appointment of the client
 * (decision 0095), answering how many. Scoped by the signed-in client's id alone: nobody can end another
 * client's links.
 */
export async function endClientManageLinks(executor: Executor, clientId: number, now: Date) {
  const ended = await executor
    .update(appointments)
    .set({
      manageLinkGeneration: sql`${appointments.manageLinkGeneration} + 1`,
      manageLinkReminderKind: null,
    })
    .where(
      and(
        eq(appointments.clientId, clientId),
        eq(appointments.status, 'Booked'),
        gt(appointments.startsAt, now),
      ),
    )
    .returning({ id: appointments.id });
  return { ended: ended.length };
}
