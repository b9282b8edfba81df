import type { Database } from '@vet/db/connection';
import { appointments, clinicianReservations } from '@vet/db/schema/appointments';
import { clinicians, closures } from '@vet/db/schema/clinicians';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BusyTime } from './slot-engine/types.ts';

export type ClinicianType = (typeof clinicians.$inferSelect)['type'];

/**
 * The practice's active clinicians of one type (index clinicians_practice_type_idx), given as values or
 * as a prepared statement's placeholders.
 */
export const activeOfType = (practiceId: number | Placeholder, type: ClinicianType | Placeholder) =>
  and(eq(clinicians.practiceId, practiceId), eq(clinicians.type, type), eq(clinicians.active, true));

/** An instant as whole epoch milliseconds (date_part's float8 is exact to them; numeric math is slower). */
const epochMs = (instant: SQL) => sql`(date_part('epoch', ${instant}) * 1000)::bigint`;

export interface BusyQuery {
  practiceId: number;
  clinicianType: ClinicianType;
  from: Date;
  to: Date;
  now: Date;
  /** The client whose own appointment (existingAppointmentId) counts as free; null: none. */
  clientId: number | null;
  existingAppointmentId?: number;
  existingSoftBookingId?: string;
  /** The client's own visit being moved (decision 0117): all its appointments count as free. */
  existingVisitId?: string;
}

const value = (name: string) => sql.placeholder(name);

/**
 * The busy time of a search or a booking's re-check: planned once per connection (a named statement;
 * an unnamed one was parsed and planned on every search). A row per clinician (null: the whole
 * practice), its busy spans as epoch milliseconds in one text ('start end start end …'): node-postgres
 * parses a few dozen values, not the ~5,600 timestamps of a group-scale search's reservations, which cost
 * the API more CPU than the slot engine (decision 0052). The caller's own appointment (never another
 * client's) or hold being moved is left out when its id is given, and so are the caller's own visit's
 * appointments (decision 0117); null leaves nothing out.
 */
const busyTime = namedStatement(
  'slot_busy_time',
  sql`select clinician_id, string_agg(starts_ms || ' ' || ends_ms, ' ') as spans
    from (
      select ${clinicianReservations.clinicianId} as clinician_id,
             ${epochMs(sql`lower(${clinicianReservations.during})`)} as starts_ms,
             ${epochMs(sql`upper(${clinicianReservations.during})`)} as ends_ms
      from ${clinicianReservations}
      where ${clinicianReservations.clinicianId} in (
              select ${clinicians.id} from ${clinicians}
              where ${activeOfType(value('practiceId'), value('clinicianType'))})
        and ${clinicianReservations.during} && tstzrange(${value('from')}::timestamptz, ${value('to')}::timestamptz)
        and (${clinicianReservations.holdExpiresAt} is null or ${clinicianReservations.holdExpiresAt} > ${value('now')}::timestamptz)
        and (${value('existingAppointmentId')}::int is null
             or ${clinicianReservations.appointmentId} is distinct from (select ${appointments.id} from ${appointments}
                  where ${appointments.id} = ${value('existingAppointmentId')}::int
                    and ${appointments.clientId} = ${value('clientId')}::int))
        and (${value('existingVisitId')}::uuid is null or ${clinicianReservations.appointmentId} is null
             or ${clinicianReservations.appointmentId} not in (select ${appointments.id} from ${appointments}
                  where ${appointments.visitId} = ${value('existingVisitId')}::uuid
                    and ${appointments.clientId} = ${value('clientId')}::int))
        and (${value('existingSoftBookingId')}::uuid is null
             or ${clinicianReservations.softBookingId} is distinct from ${value('existingSoftBookingId')}::uuid)
      union all
      select ${closures.clinicianId}, ${epochMs(sql`${closures.startsAt}`)}, ${epochMs(sql`${closures.endsAt}`)}
      from ${closures}
      where ${closures.practiceId} = ${value('practiceId')}::int
        and ${closures.startsAt} < ${value('to')}::timestamptz
        and ${closures.endsAt} > ${value('from')}::timestamptz
    ) busy
    group by clinician_id`,
);

/**
 * Reservations of the practice's clinicians of one type (appointments and live holds) and closures
 * overlapping [from, to). The caller's own appointment or hold being moved counts as free.
 */
export async function listBusyTime(db: Database, query: BusyQuery): Promise<BusyTime[]> {
  const rows = await runNamed<{ clinician_id: number | null; spans: string }>(db, busyTime, {
    practiceId: query.practiceId,
    clinicianType: query.clinicianType,
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    now: query.now.toISOString(),
    // Another client's appointment is never left out: without a client, nothing is.
    existingAppointmentId: query.clientId === null ? null : (query.existingAppointmentId ?? null),
    clientId: query.clientId,
    existingSoftBookingId: query.existingSoftBookingId ?? null,
    existingVisitId: query.clientId === null ? null : (query.existingVisitId ?? null),
  });
  const busy: BusyTime[] = [];
  for (const row of rows) {
    const clinicianId = row.clinician_id === null ? null : Number(row.clinician_id);
    const instants = row.spans.split(' ');
    for (let i = 0; i + 1 < instants.length; i += 2) {
      busy.push({ clinicianId, start: Number(instants[i]), end: Number(instants[i + 1]) });
    }
  }
  return busy;
}
