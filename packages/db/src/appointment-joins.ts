import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { appointments } from './schema/appointments.ts';
import { pets } from './schema/clients.ts';
import { appointmentReasons } from './schema/lookups.ts';
import { practices } from './schema/practices.ts';

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
