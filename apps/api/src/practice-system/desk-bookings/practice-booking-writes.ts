import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { practiceSpanLocks } from '@vet/clinician-time/practice-lane';
import { writePracticeAppointmentRow } from '@vet/clinician-time/practice-bookings';
import { sql } from 'drizzle-orm';
import type { AppointmentValues, ResolvedRefs, StoredAppointment } from './practice-booking-repository.ts';

/**
 * The statements of a desk booking's write (decision 0063), each a named statement (planned once per
 * connection): a practice system sends bookings by the hundred a second, and each round trip to
 * PostgreSQL costs both processes more than the statement itself.
 */

const value = (name: string) => sql.placeholder(name);

/** The references a PUT names, as ids (null: no such record). */
export interface PracticeBookingRefs {
  practice: string;
  clinician: string;
  client: string;
  pet: string;
  reason: string;
}

type RefsRow = {
  practice_id: number | null;
  clinician_id: number | null;
  clinician_practice_id: number | null;
  client_id: number | null;
  pet_id: number | null;
  pet_client_id: number | null;
  reason_id: number | null;
  is_initial_consultation: boolean | null;
};

/**
 * The reference's lock (writes of one reference take turns), then, for a Booked record, the lane's locks
 * of its pet and clinician (practiceSpanLocks: the lock order of decision 0063), in one statement with
 * the references looked up: a target list is evaluated in order, after its row is read.
 */
const lockedRefs = namedStatement(
  'practice_booking_locked_refs',
  sql`select refs.*,
        pg_advisory_xact_lock(${lockSpaces.practiceAppointmentRef}::int, hashtext(${value('ref')}::text)),
        ${practiceSpanLocks(
          sql`case when ${value('booked')}::boolean then refs.pet_id end`,
          sql`case when ${value('booked')}::boolean then refs.clinician_id end`,
        )}
      from (
        select p.id as practice_id, c.id as clinician_id, c.practice_id as clinician_practice_id,
               cl.id as client_id, pe.id as pet_id, pe.client_id as pet_client_id, r.id as reason_id,
               r.is_initial_consultation
        from (values (1)) as one (x)
        left join practices p on p.pms_ref = ${value('practice')}::text
        left join clinicians c on c.pms_ref = ${value('clinician')}::text
        left join clients cl on cl.pms_ref = ${value('client')}::text
        left join pets pe on pe.pms_ref = ${value('pet')}::text
        left join appointment_reasons r on r.pms_ref = ${value('reason')}::text
      ) as refs`,
);

/** Takes a PUT's locks and resolves its references (see lockedRefs); the caller checks them. */
export async function lockAndResolve(
  tx: Executor,
  ref: string,
  refs: PracticeBookingRefs,
  booked: boolean,
): Promise<ResolvedRefs> {
  const [row] = await runNamed<RefsRow>(tx, lockedRefs, { ref, booked, ...refs });
  return {
    practiceId: row?.practice_id ?? null,
    clinicianId: row?.clinician_id ?? null,
    clinicianPracticeId: row?.clinician_practice_id ?? null,
    clientId: row?.client_id ?? null,
    petId: row?.pet_id ?? null,
    petClientId: row?.pet_client_id ?? null,
    reasonId: row?.reason_id ?? null,
    isInitialConsultation: row?.is_initial_consultation ?? false,
  };
}

/** What the write did: the row's id, whether it was created, and what it was before (null: nothing). */
export interface WrittenAppointment {
  id: number;
  created: boolean;
  source: StoredAppointment['source'];
  flaggedAt: Date | null;
  previous:
    | (Pick<
        StoredAppointment,
        'status' | 'clientId' | 'practiceId' | 'clinicianId' | 'startsAt' | 'endsAt'
      > & {
        /** It had a live earlier-time request (decision 0086). */
        waiting: boolean;
      })
    | null;
}

/**
 * Writes `values` to the appointment `target` names (@vet/clinician-time/practice-bookings): by id, or by reference
 * (created with it when it names none). Null when an id names no appointment.
 */
export async function writePracticeAppointment(
  tx: Executor,
  target: { id: number } | { ref: string },
  values: AppointmentValues,
  at: Date,
): Promise<WrittenAppointment | null> {
  const row = await writePracticeAppointmentRow(tx, target, values, at);
  if (!row) return null;
  return {
    id: Number(row.id),
    created: row.created,
    source: row.source,
    flaggedAt: row.flagged_at === null ? null : new Date(row.flagged_at),
    previous:
      row.previous_status === null || row.previous_client_id === null
        ? null
        : {
            status: row.previous_status,
            clientId: Number(row.previous_client_id),
            practiceId: Number(row.previous_practice_id),
            clinicianId: Number(row.previous_clinician_id),
            startsAt: new Date(row.previous_starts_at!),
            endsAt: new Date(row.previous_ends_at!),
            waiting: row.previous_waiting,
          },
  };
}
