import type { Executor } from '@vet/db/connection';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import type { appointments } from '@vet/db/schema/appointments';
import { sql } from 'drizzle-orm';

const value = (name: string) => sql.placeholder(name);

/** What an online booking writes: the appointment, and with it the clinician's time. */
export interface OnlineBookingValues {
  practiceId: number;
  clinicianId: number;
  clientId: number;
  petId: number;
  reasonId: number;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
  idempotencyKey: string | null;
  idempotencyRequestHash: string | null;
  /** The visit it is part of (decision 0117); null for an appointment of its own. */
  visitId?: string | null;
  /** The clinician the client named (decisions 0101, 0141); null: any of the reason's type. */
  chosenClinicianId?: number | null;
  /** The price quoted for its day (issue 62); null or absent: none was in force. */
  quotedPricePence?: number | null;
  quotedPriceIncludes?: string | null;
}

/** The event columns of a write of `appointments` (appointmentEventColumns) as raw SQL: one statement. */
const refOf = (table: string, column: string) =>
  `(select pms_ref from ${table} where id = appointments.${column})`;

/**
 * An online booking in one statement (one round trip, planned once per connection), behind its locks
 * (lockForBooking, an earlier statement, so this one's snapshot sees what committed before them): the
 * client's upcoming appointments counted (decision 0057's caps), and only when they are below the limits
 * the appointment, then the clinician's overlapping expired holds deleted (decision 0003) and the
 * reservation inserted. The reservation reads the deletion's count, so the deletion runs first, and the
 * exclusion constraint no longer sees rows this transaction deleted; it refuses an overlap with 23P01,
 * the pet's constraint on the appointment with its own name, as the statements one by one did
 * (assertRoomToBook's count, insertAppointment, releaseExpiredHolds, reserve).
 */
const bookOnline = namedStatement(
  'online_booking_write',
  sql`with counted as (
      select count(*)::int as upcoming_client,
             (count(*) filter (where pet_id = ${value('petId')}::int))::int as upcoming_pet
      from appointments
      where client_id = ${value('clientId')}::int and status = 'Booked'
        and starts_at > ${value('now')}::timestamptz
    ),
    appointment as (
      insert into appointments (practice_id, clinician_id, client_id, pet_id, reason_id, starts_at, ends_at,
                                notes, notes_for_client, idempotency_key, idempotency_request_hash,
                                visit_id, chosen_clinician_id, quoted_price_pence, quoted_price_includes)
      select ${value('practiceId')}::int, ${value('clinicianId')}::int, ${value('clientId')}::int,
             ${value('petId')}::int, ${value('reasonId')}::int, ${value('startsAt')}::timestamptz,
             ${value('endsAt')}::timestamptz, ${value('notes')}::text, true, ${value('idempotencyKey')}::text,
             ${value('idempotencyRequestHash')}::text, ${value('visitId')}::uuid,
             ${value('chosenClinicianId')}::int, ${value('quotedPricePence')}::int,
             ${value('quotedPriceIncludes')}::text
      from counted
      where (${value('clientLimit')}::int is null or upcoming_client < ${value('clientLimit')}::int)
        and (${value('petLimit')}::int is null or upcoming_pet < ${value('petLimit')}::int)
      returning id, pms_ref, practice_id, ${sql.raw(refOf('practices', 'practice_id'))} as practice_ref,
                clinician_id, ${sql.raw(refOf('clinicians', 'clinician_id'))} as clinician_ref,
                client_id, ${sql.raw(refOf('clients', 'client_id'))} as client_ref,
                pet_id, ${sql.raw(refOf('pets', 'pet_id'))} as pet_ref,
                reason_id, ${sql.raw(refOf('appointment_reasons', 'reason_id'))} as reason_ref,
                starts_at, ends_at, status, notes, visit_id
    ),
    released as (
      delete from clinician_reservations
      where exists (select 1 from appointment) and clinician_id = ${value('clinicianId')}::int
        and during && tstzrange(${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz)
        and hold_expires_at is not null and hold_expires_at <= ${value('now')}::timestamptz
      returning id
    ),
    reserved as (
      insert into clinician_reservations (clinician_id, during, appointment_id)
      select ${value('clinicianId')}::int,
             tstzrange(${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz), appointment.id
      from appointment, (select count(*) from released) as done
    )
    select counted.*, appointment.* from counted left join appointment on true`,
);

/** The statement's answer: the counts, and the appointment's event columns (all null: refused by a cap). */
export type BookedRow = {
  upcoming_client: number;
  upcoming_pet: number;
  id: number | null;
  pms_ref: string | null;
  practice_id: number;
  practice_ref: string | null;
  clinician_id: number;
  clinician_ref: string | null;
  client_id: number;
  client_ref: string | null;
  pet_id: number;
  pet_ref: string | null;
  reason_id: number;
  reason_ref: string | null;
  starts_at: string;
  ends_at: string;
  status: (typeof appointments.$inferSelect)['status'];
  notes: string | null;
  visit_id: string | null;
};

/**
 * Writes an online booking (see bookOnline) unless the client's or the pet's upcoming appointments have
 * reached `limits` (null: none). The caller has taken the booking's locks in an earlier statement of its
 * transaction.
 */
export async function writeOnlineBookingRow(
  tx: Executor,
  values: OnlineBookingValues,
  limits: { client: number | null; pet: number | null },
  now: Date,
): Promise<BookedRow | undefined> {
  const [row] = await runNamed<BookedRow>(tx, bookOnline, {
    ...values,
    visitId: values.visitId ?? null,
    chosenClinicianId: values.chosenClinicianId ?? null,
    quotedPricePence: values.quotedPricePence ?? null,
    quotedPriceIncludes: values.quotedPriceIncludes ?? null,
    startsAt: values.startsAt.toISOString(),
    endsAt: values.endsAt.toISOString(),
    now: now.toISOString(),
    clientLimit: limits.client,
    petLimit: limits.pet,
  });
  return row;
}
