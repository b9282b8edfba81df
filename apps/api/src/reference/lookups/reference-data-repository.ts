import type { AppointmentReason, CancellationReason, Insurer, Salutation } from '@vet/contracts/lookups';
import type { Database } from '@vet/db/connection';
import {
  appointmentReasonSpecies,
  appointmentReasons,
  cancellationReasons,
  insurers,
  salutations,
} from '@vet/db/schema/lookups';
import { asc, eq, sql } from 'drizzle-orm';

/** The small lists behind the portal's forms: salutations, insurers, appointment and cancellation reasons. */
export function createReferenceDataRepository(db: Database) {
  return {
    listSalutations(): Promise<Salutation[]> {
      return db
        .select({ salutationId: salutations.id, salutationDescription: salutations.description })
        .from(salutations)
        .orderBy(asc(salutations.sortOrder), asc(salutations.description));
    },

    listInsurers(): Promise<Insurer[]> {
      return db
        .select({ insurerId: insurers.id, name: insurers.name })
        .from(insurers)
        .orderBy(asc(insurers.name));
    },

    /** Reasons a client can book online, each with the species it is limited to (none: every species). */
    listOnlineAppointmentReasons(): Promise<AppointmentReason[]> {
      const speciesId = appointmentReasonSpecies.speciesId;
      return db
        .select({
          appointmentReasonId: appointmentReasons.id,
          name: appointmentReasons.name,
          durationMinutes: appointmentReasons.durationMinutes,
          clinicianType: appointmentReasons.clinicianType,
          isInitialConsultation: appointmentReasons.isInitialConsultation,
          speciesIds: sql<number[]>`coalesce(
            array_agg(${speciesId} order by ${speciesId}) filter (where ${speciesId} is not null),
            '{}'
          )`,
        })
        .from(appointmentReasons)
        .leftJoin(appointmentReasonSpecies, eq(appointmentReasonSpecies.reasonId, appointmentReasons.id))
        .where(eq(appointmentReasons.isOnline, true))
        .groupBy(appointmentReasons.id)
        .orderBy(asc(appointmentReasons.sortOrder), asc(appointmentReasons.name));
    },

    listCancellationReasons(): Promise<CancellationReason[]> {
      return db
        .select({
          cancellationReasonId: cancellationReasons.id,
          description: cancellationReasons.description,
        })
        .from(cancellationReasons)
        .orderBy(asc(cancellationReasons.sortOrder), asc(cancellationReasons.description));
    },
  };
}

export type ReferenceDataRepository = ReturnType<typeof createReferenceDataRepository>;
