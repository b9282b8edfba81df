import { expireHoldReservation } from '@vet/clinician-time/testing/reservations';
import { connectDatabase } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import type { DemoAccount } from '@vet/db/seed/demo-accounts';
import { and, eq } from 'drizzle-orm';
import { inject } from 'vitest';

/**
 * When the seed put an appointment (the demo seed plans times relative to the day it ran, so only the
 * database knows the instant): the Booked appointment of the account's client, for that pet and reason,
 * read straight from the e2e database the portal runs on.
 */
export async function seededBookedStart(
  account: DemoAccount,
  petName: string,
  reason: string,
): Promise<Date> {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const rows = await db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .innerJoin(clients, eq(clients.id, appointments.clientId))
      .innerJoin(pets, eq(pets.id, appointments.petId))
      .innerJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId))
      .where(
        and(
          eq(clients.identitySubject, account.id),
          eq(pets.name, petName),
          eq(appointmentReasons.name, reason),
          eq(appointments.status, 'Booked'),
        ),
      );
    const [row, ...others] = rows;
    if (!row || others.length > 0) {
      throw new Error(`expected one seeded Booked ${reason} for ${petName}, found ${rows.length}`);
    }
    return row.startsAt;
  } finally {
    await close();
  }
}

/**
 * Lets a guest's hold run out now, as fifteen minutes would: its expiry and its reservation's are moved
 * into the past (the next hold of that time releases the reservation, as in production).
 */
export async function expireGuestHold(softBookingId: string): Promise<void> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    await pool.query("update soft_bookings set expires_at = now() - interval '1 minute' where id = $1", [
      softBookingId,
    ]);
    await expireHoldReservation(pool, softBookingId);
  } finally {
    await close();
  }
}

/** The name of the clinician an appointment is with (decision 0101: the vet a client named). */
export async function clinicianNameOf(appointmentId: number): Promise<string> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const { rows } = await pool.query<{ name: string }>(
      `select c.first_name || ' ' || c.last_name as name
         from appointments a join clinicians c on c.id = a.clinician_id where a.id = $1`,
      [appointmentId],
    );
    if (!rows[0]) throw new Error(`no appointment ${appointmentId}`);
    return rows[0].name;
  } finally {
    await close();
  }
}

/** The id of a pet of the account's client, as the seed made it (another client's pet, to ask for by URL). */
export async function seededPetId(account: DemoAccount, petName: string): Promise<number> {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const rows = await db
      .select({ id: pets.id })
      .from(pets)
      .innerJoin(clients, eq(clients.id, pets.clientId))
      .where(and(eq(clients.identitySubject, account.id), eq(pets.name, petName)));
    const [row, ...others] = rows;
    if (!row || others.length > 0) throw new Error(`expected one pet ${petName}, found ${rows.length}`);
    return row.id;
  } finally {
    await close();
  }
}
