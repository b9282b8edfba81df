import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { appointments } from '@vet/db/schema/appointments';
import { sql } from 'drizzle-orm';
import { clinicianNameForClient } from '../../clients/index.ts';

/**
 * The practice system's reference of a row an appointment names, read by the appointment's own write
 * (insert or update … returning): a reference is what the practice system knows the record by, so it is
 * read when the event is written, and the write needs no statement of its own for it (booking is a hot
 * path). Written out in full: inside `returning`, drizzle names columns without their table.
 */
const refOf = (table: string, column: string) =>
  sql<string | null>`(select pms_ref from ${sql.raw(table)} where id = appointments.${sql.raw(column)})`;

/** What an appointment's event says of it, as `returning` columns of a write of `appointments`. */
export const appointmentEventColumns = {
  id: appointments.id,
  pmsRef: appointments.pmsRef,
  practiceId: appointments.practiceId,
  practiceRef: refOf('practices', 'practice_id'),
  clinicianId: appointments.clinicianId,
  clinicianRef: refOf('clinicians', 'clinician_id'),
  clientId: appointments.clientId,
  clientRef: refOf('clients', 'client_id'),
  petId: appointments.petId,
  petRef: refOf('pets', 'pet_id'),
  reasonId: appointments.reasonId,
  reasonRef: refOf('appointment_reasons', 'reason_id'),
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  notes: appointments.notes,
  visitId: appointments.visitId,
};

export interface AppointmentEventRow {
  id: number;
  pmsRef: string | null;
  practiceId: number;
  practiceRef: string | null;
  clinicianId: number;
  clinicianRef: string | null;
  clientId: number;
  clientRef: string | null;
  petId: number;
  petRef: string | null;
  reasonId: number;
  reasonRef: string | null;
  startsAt: Date;
  endsAt: Date;
  status: PracticeEventData<'appointment.booked'>['status'];
  notes: string | null;
  /** The visit it is part of (decision 0117); null or absent for an appointment of its own. */
  visitId?: string | null;
}

/** visit_id only on a visit's appointments, so that other events read as they always have. */
const visitField = (visitId: string | null | undefined) => (visitId ? { visit_id: visitId } : {});

/** The appointment as appointments.csv has it, with the portal's ids beside the references. */
export function appointmentEventData(row: AppointmentEventRow): PracticeEventData<'appointment.booked'> {
  return {
    appointment_id: row.id,
    appointment_ref: row.pmsRef,
    practice_id: row.practiceId,
    practice_ref: row.practiceRef,
    clinician_id: row.clinicianId,
    clinician_ref: row.clinicianRef,
    client_id: row.clientId,
    client_ref: row.clientRef,
    pet_id: row.petId,
    pet_ref: row.petRef,
    reason_id: row.reasonId,
    reason_ref: row.reasonRef,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    notes: row.notes,
    ...visitField(row.visitId),
  };
}

/** The clinician and reason an amended appointment had, with their references: `returning` columns. */
export const previousEventColumns = (previous: { clinicianId: number; reasonId: number }) => ({
  previousClinicianRef: sql<
    string | null
  >`(select pms_ref from clinicians where id = ${previous.clinicianId}::int)`,
  previousReasonRef: sql<
    string | null
  >`(select pms_ref from appointment_reasons where id = ${previous.reasonId}::int)`,
});

/**
 * What a move's `returning` reads: the event's columns, the previous references, and the clinician's name
 * as the client may read it once moved (decision 0141), for the move's e-mail.
 */
export const amendedColumns = (previous: { clinicianId: number; reasonId: number }) => ({
  ...appointmentEventColumns,
  ...previousEventColumns(previous),
  clinicianName: clinicianNameForClient,
});

/** An online booking (decision 0067), in the booking's transaction, after its appointment row. */
export function recordBooked(tx: Executor, row: AppointmentEventRow) {
  return recordPracticeEvent(tx, 'appointment.booked', appointmentEventData(row));
}

/** A move made online: the appointment as it now is, and the clinician, reason and time it had. */
export function recordAmended(
  tx: Executor,
  row: AppointmentEventRow & { previousClinicianRef: string | null; previousReasonRef: string | null },
  previous: { clinicianId: number; reasonId: number; startsAt: Date; endsAt: Date },
) {
  return recordPracticeEvent(tx, 'appointment.amended', {
    ...appointmentEventData(row),
    previous: {
      clinician_id: previous.clinicianId,
      clinician_ref: row.previousClinicianRef,
      reason_id: previous.reasonId,
      reason_ref: row.previousReasonRef,
      starts_at: previous.startsAt.toISOString(),
      ends_at: previous.endsAt.toISOString(),
    },
  });
}

/** A cancellation made online by the client. */
export function recordCancelled(tx: Executor, row: AppointmentEventRow, cancelledAt: Date) {
  return recordPracticeEvent(tx, 'appointment.cancelled', {
    appointment_id: row.id,
    appointment_ref: row.pmsRef,
    client_id: row.clientId,
    client_ref: row.clientRef,
    pet_id: row.petId,
    pet_ref: row.petRef,
    cancelled_at: cancelledAt.toISOString(),
    ...visitField(row.visitId),
  });
}
