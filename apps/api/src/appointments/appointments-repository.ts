import type { AppointmentSummary } from '@vet/contracts/appointments';
import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { asc, eq } from 'drizzle-orm';

/** A client's appointments. Every query takes the owning client's id. */
export function createAppointmentsRepository(db: Database) {
  return {
    /** Oldest first. Clients see the clinician's type (from the reason), never the clinician. */
    async listForClient(clientId: number): Promise<AppointmentSummary[]> {
      const rows = await db
        .select({
          appointmentId: appointments.id,
          petId: appointments.petId,
          petName: pets.name,
          practiceId: appointments.practiceId,
          practiceName: practices.name,
          appointmentReasonId: appointments.reasonId,
          reasonName: appointmentReasons.name,
          clinicianType: appointmentReasons.clinicianType,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          status: appointments.status,
        })
        .from(appointments)
        .innerJoin(pets, eq(pets.id, appointments.petId))
        .innerJoin(practices, eq(practices.id, appointments.practiceId))
        .innerJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId))
        .where(eq(appointments.clientId, clientId))
        .orderBy(asc(appointments.startsAt), asc(appointments.id));
      return rows.map((row) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
      }));
    },
  };
}
