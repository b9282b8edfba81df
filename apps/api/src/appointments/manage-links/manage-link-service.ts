import type { ManageLinkAppointment } from '@vet/contracts/manage-link';
import { manageLinkMessages } from '@vet/contracts/manage-link';
import { appointments } from '@vet/db/schema/appointments';
import { clients } from '@vet/db/schema/clients';
import { and, eq, gt, sql } from 'drizzle-orm';
import { cancelAppointment, type BookingDeps } from '../booking/index.ts';
import { notFound } from '../../platform/index.ts';
import { appointmentOfToken, type ManageLinkKey } from './manage-link-token.ts';

export interface ManageLinkDeps extends BookingDeps {
  key: ManageLinkKey;
}

/** Tampered, unknown, expired, cancelled or used: one answer, so the link tells nothing more. */
const notValid = () => notFound(manageLinkMessages.notValid);

/**
 * The appointment a token may act on now: signed by this key, still booked, not yet started. The start
 * and status are the appointment's as they are now, so a moved appointment's old link follows it.
 */
async function liveAppointment(deps: ManageLinkDeps, token: string) {
  const appointmentId = appointmentOfToken(deps.key, token);
  if (appointmentId === null) throw notValid();
  const [row] = await deps.db
    .select({
      clientId: appointments.clientId,
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
        gt(appointments.startsAt, deps.now()),
      ),
    );
  if (!row) throw notValid();
  return { appointmentId, ...row };
}

async function view(
  deps: ManageLinkDeps,
  clientId: number,
  appointmentId: number,
  attendanceConfirmed: boolean,
): Promise<ManageLinkAppointment> {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notValid();
  return {
    appointmentId,
    petName: record.petName,
    reasonName: record.reasonName,
    clinicianType: record.clinicianType,
    practiceName: record.practiceName,
    practiceAddress: record.practiceAddress,
    practicePhone: record.practicePhone,
    startsAt: record.startsAt.toISOString(),
    endsAt: record.endsAt.toISOString(),
    status: record.status === 'Booked' ? 'Booked' : 'Cancelled',
    attendanceConfirmed,
    changeableUntil: new Date(record.startsAt.getTime() - record.cutoffMinutes * 60_000).toISOString(),
  };
}

/** Opening the link: a read, nothing written (mail scanners open links too). */
export async function readManageLink(deps: ManageLinkDeps, token: string): Promise<ManageLinkAppointment> {
  const live = await liveAppointment(deps, token);
  return view(deps, live.clientId, live.appointmentId, live.attendanceConfirmedAt !== null);
}

/** "I'll be there": recorded once (a second press keeps the first time), nothing sent. */
export async function confirmAttendance(deps: ManageLinkDeps, token: string): Promise<ManageLinkAppointment> {
  const live = await liveAppointment(deps, token);
  const now = deps.now();
  const [confirmed] = await deps.db
    .update(appointments)
    .set({
      attendanceConfirmedAt: sql`coalesce(${appointments.attendanceConfirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(appointments.id, live.appointmentId),
        eq(appointments.status, 'Booked'),
        gt(appointments.startsAt, now),
      ),
    )
    .returning({ id: appointments.id });
  if (!confirmed) throw notValid();
  return view(deps, live.clientId, live.appointmentId, true);
}

/**
 * "Cancel": the portal's own cancellation (its reasons, its cut-off, its e-mail and the practice
 * system's event), as the appointment's client.
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
    allowed: true,
    homePracticeId: null,
  };
  await cancelAppointment(deps, booker, live.appointmentId, reasonId);
  return view(deps, live.clientId, live.appointmentId, live.attendanceConfirmedAt !== null);
}
