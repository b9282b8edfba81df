import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import type { ListedAppointment } from '@vet/contracts/appointments';
import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Identity, linkedToIdentity, recordsOfLinkedClient } from '../../platform/index.ts';
import type { FromPrice } from '@vet/contracts/practice-prices';
import { clinicianNameForClient, withPetPracticeAndReason, notesForClient } from '../../clients/index.ts';

/** The database or a transaction: the reads below run in either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The practice's address on one line, as the booking e-mails and their calendar part give it. */
export const practiceAddressLine = sql<string>`concat_ws(', ', ${practices.addressLine1}, ${practices.addressLine2}, ${practices.town}, ${practices.postcode})`;

const summaryColumns = {
  appointmentId: appointments.id,
  petId: appointments.petId,
  petName: pets.name,
  practiceId: appointments.practiceId,
  practiceName: practices.name,
  appointmentReasonId: appointments.reasonId,
  reasonName: appointmentReasons.name,
  clinicianType: appointmentReasons.clinicianType,
  clinicianName: clinicianNameForClient,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  petStatus: pets.status,
  visitId: appointments.visitId,
};

const detailColumns = {
  ...summaryColumns,
  notes: notesForClient,
  cancellationReasonId: appointments.cancellationReasonId,
  cancelledAt: appointments.cancelledAt,
  clinicianId: appointments.clinicianId,
  idempotencyRequestHash: appointments.idempotencyRequestHash,
  cutoffMinutes: practices.cancellationCutoffMinutes,
  calendarSequence: appointments.calendarSequence,
  practicePhone: practices.phone,
  practiceAddress: practiceAddressLine,
  /** Who owns the practice, for its e-mails' closing lines (decision 0143). */
  practiceOwnerName: practices.ownerName,
  quotedPricePence: appointments.quotedPricePence,
  quotedPriceIncludes: appointments.quotedPriceIncludes,
};

/**
 * What the client sees of a record: the clinician's name only when they named them (decision 0141), no
 * clinician id, no hash, no calendar sequence.
 */
/** A stored quote as the client reads it: null when none was quoted. */
export const storedQuote = (record: {
  quotedPricePence: number | null;
  quotedPriceIncludes: string | null;
}): FromPrice | null =>
  record.quotedPricePence === null
    ? null
    : { amountPence: record.quotedPricePence, includes: record.quotedPriceIncludes };

export function toDetail(
  record: Omit<AppointmentRecord, 'calendarSequence' | 'petStatus' | 'practiceOwnerName'>,
): AppointmentDetail {
  return {
    appointmentId: record.appointmentId,
    petId: record.petId,
    petName: record.petName,
    practiceId: record.practiceId,
    practiceName: record.practiceName,
    appointmentReasonId: record.appointmentReasonId,
    reasonName: record.reasonName,
    clinicianType: record.clinicianType,
    clinicianName: record.clinicianName,
    startsAt: record.startsAt.toISOString(),
    endsAt: record.endsAt.toISOString(),
    status: record.status,
    notes: record.notes,
    cancellationReasonId: record.cancellationReasonId,
    cancelledAt: record.cancelledAt?.toISOString() ?? null,
    changeableUntil: new Date(record.startsAt.getTime() - record.cutoffMinutes * 60_000).toISOString(),
    price: storedQuote(record),
  };
}

/** A client's appointments. Every query takes the owning client's id. */
export function createAppointmentsRepository(db: Database) {
  const records = (executor: Executor) =>
    withPetPracticeAndReason(executor.select(detailColumns).from(appointments).$dynamic());

  // Read on most pages: found from the signed-in identity in one prepared statement (decision 0037).
  // Each appointment's live earlier-times request (decision 0086) comes in the same statement: at most one
  // row per appointment (the partial unique index, whose predicate the literal IN matches), scoped to the
  // client as GET /appointments/{id}/earlier-times is.
  const listOfIdentityQuery = db
    .select({
      ...summaryColumns,
      earlierTimesLatestDate: earlierTimeRequests.latestDate,
      linkedClientId: clients.id,
    })
    .from(clients)
    .leftJoin(appointments, eq(appointments.clientId, clients.id))
    .leftJoin(pets, eq(pets.id, appointments.petId))
    .leftJoin(practices, eq(practices.id, appointments.practiceId))
    .leftJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId))
    .leftJoin(
      earlierTimeRequests,
      and(
        eq(earlierTimeRequests.appointmentId, appointments.id),
        eq(earlierTimeRequests.clientId, clients.id),
        sql`${earlierTimeRequests.status} in ('Waiting', 'Offered')`,
      ),
    )
    .where(linkedToIdentity())
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .prepare('appointments_of_identity');

  // Read before every booking that carries an Idempotency-Key: planned once per connection.
  const byIdempotencyKeyQuery = records(db)
    .where(
      and(
        eq(appointments.clientId, sql.placeholder('clientId')),
        eq(appointments.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .limit(1)
    .prepare('appointment_by_idempotency_key');

  return {
    /**
     * The appointments of the client linked to the identity, oldest first; undefined when the identity is
     * not linked. Clients see the clinician's type (from the reason), and the name of one they named.
     */
    async listForIdentity(identity: Identity): Promise<ListedAppointment[] | undefined> {
      const rows = await listOfIdentityQuery.execute({ issuer: identity.issuer, subject: identity.subject });
      // A present appointment's pet, practice and reason are foreign keys, NOT NULL: never null.
      const records = recordsOfLinkedClient(rows, 'appointmentId') as
        | (Omit<ListedAppointment, 'startsAt' | 'endsAt' | 'earlierTimes'> & {
            startsAt: Date;
            endsAt: Date;
            earlierTimesLatestDate: string | null;
          })[]
        | undefined;
      return records?.map(({ earlierTimesLatestDate, ...record }) => ({
        ...record,
        startsAt: record.startsAt.toISOString(),
        endsAt: record.endsAt.toISOString(),
        earlierTimes: earlierTimesLatestDate === null ? null : { latestDate: earlierTimesLatestDate },
      }));
    },

    /**
     * One of the client's appointments, with what changing it needs. `forUpdate` locks the row for the
     * caller's transaction, so two changes of one appointment take turns.
     */
    /** A visit's appointments (decision 0117), first to last; none for another client's visit. */
    async findVisit(clientId: number, visitId: string, executor: Executor = db, forUpdate = false) {
      const query = records(executor)
        .where(and(eq(appointments.clientId, clientId), eq(appointments.visitId, visitId)))
        .orderBy(asc(appointments.startsAt), asc(appointments.id));
      return forUpdate ? query.for('update', { of: appointments }) : query;
    },

    async findRecord(clientId: number, appointmentId: number, executor: Executor = db, forUpdate = false) {
      const query = records(executor)
        .where(and(eq(appointments.clientId, clientId), eq(appointments.id, appointmentId)))
        .limit(1);
      const [row] = forUpdate ? await query.for('update', { of: appointments }) : await query;
      return row;
    },

    /**
     * Whether the client's pet has a booked appointment overlapping [startsAt, endsAt), other than
     * `exceptAppointmentId` (the one being moved). The pet's exclusion constraint (migration 0008) is the
     * rule; this read only names it when the time is no longer free anyway.
     */
    async petBookedDuring(
      clientId: number,
      petId: number,
      startsAt: Date,
      endsAt: Date,
      exceptAppointmentId?: number,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.clientId, clientId),
            eq(appointments.petId, petId),
            eq(appointments.status, 'Booked'),
            sql`tstzrange(${appointments.startsAt}, ${appointments.endsAt}) && tstzrange(${startsAt}, ${endsAt})`,
            exceptAppointmentId === undefined ? undefined : ne(appointments.id, exceptAppointmentId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The appointment a client booked with an Idempotency-Key, if any. */
    async findByIdempotencyKey(clientId: number, key: string) {
      const [row] = await byIdempotencyKeyQuery.execute({ clientId, key });
      return row;
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
export type AppointmentRecord = NonNullable<Awaited<ReturnType<AppointmentsRepository['findRecord']>>>;
