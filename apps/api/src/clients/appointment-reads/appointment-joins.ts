import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { appointments } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';

/**
 * An appointment with its pet, its practice and its reason: what every view of an appointment names. Takes
 * the caller's whole select, in dynamic mode (`.$dynamic()`), reading `appointments`; prepare it after. The
 * three foreign keys are NOT NULL, so the inner joins keep every appointment.
 */
export function withPetPracticeAndReason<T extends PgSelect>(query: T) {
  return query
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .innerJoin(practices, eq(practices.id, appointments.practiceId))
    .innerJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId));
}
