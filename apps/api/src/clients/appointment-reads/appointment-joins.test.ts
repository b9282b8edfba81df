import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { withPetPracticeAndReason } from './appointment-joins.ts';
import { appointments } from '@vet/db/schema/appointments';
import { clinicians } from '@vet/db/schema/clinicians';
import { pets } from '@vet/db/schema/clients';

const db = drizzle.mock();

describe('withPetPracticeAndReason', () => {
  it("inner-joins the pet, practice and reason after the caller's own joins, keeping its where and order", () => {
    const query = withPetPracticeAndReason(
      db
        .select({ id: appointments.id, pet: pets.name })
        .from(appointments)
        .innerJoin(clinicians, eq(clinicians.id, appointments.clinicianId))
        .where(eq(appointments.clientId, 7))
        .orderBy(asc(appointments.startsAt))
        .$dynamic(),
    );
    expect(query.toSQL()).toEqual({
      sql:
        'select "appointments"."id", "pets"."name" from "appointments" ' +
        'inner join "clinicians" on "clinicians"."id" = "appointments"."clinician_id" ' +
        'inner join "pets" on "pets"."id" = "appointments"."pet_id" ' +
        'inner join "practices" on "practices"."id" = "appointments"."practice_id" ' +
        'inner join "appointment_reasons" on "appointment_reasons"."id" = "appointments"."reason_id" ' +
        'where "appointments"."client_id" = $1 order by "appointments"."starts_at" asc',
      params: [7],
    });
  });
});
