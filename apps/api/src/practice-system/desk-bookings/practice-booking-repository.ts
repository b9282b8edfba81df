import type { PracticeAppointment } from '@vet/contracts/integration-appointments';
import type { Database, Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { clinicians } from '@vet/db/schema/clinicians';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { and, eq, sql } from 'drizzle-orm';
import { withPetPracticeAndReason } from '../../clients/index.ts';

/** The records an appointment's references name, as far as they exist. */
export interface ResolvedRefs {
  practiceId: number | null;
  clinicianId: number | null;
  clinicianPracticeId: number | null;
  clientId: number | null;
  petId: number | null;
  petClientId: number | null;
  reasonId: number | null;
  isInitialConsultation: boolean;
}

/** An appointment's row as the rules read it. */
export type StoredAppointment = Pick<
  typeof appointments.$inferSelect,
  | 'id'
  | 'pmsRef'
  | 'source'
  | 'status'
  | 'practiceId'
  | 'clinicianId'
  | 'clientId'
  | 'petId'
  | 'reasonId'
  | 'startsAt'
  | 'endsAt'
  | 'notes'
  | 'notesForClient'
  | 'cancelledAt'
>;

export type AppointmentValues = Omit<StoredAppointment, 'id' | 'pmsRef' | 'source'>;

const stored = {
  id: appointments.id,
  pmsRef: appointments.pmsRef,
  source: appointments.source,
  status: appointments.status,
  practiceId: appointments.practiceId,
  clinicianId: appointments.clinicianId,
  clientId: appointments.clientId,
  petId: appointments.petId,
  reasonId: appointments.reasonId,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  notes: appointments.notes,
  notesForClient: appointments.notesForClient,
  cancelledAt: appointments.cancelledAt,
};

/** The SQL of the practice's appointments (decision 0063). */
export const practiceBookingRepository = {
  /** Writes of one reference take turns until the transaction ends (a create cannot happen twice). */
  async lockRef(tx: Executor, ref: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${lockSpaces.practiceAppointmentRef}::int, hashtext(${ref}))`,
    );
  },

  async findByRef(executor: Executor, ref: string, forUpdate = false): Promise<StoredAppointment | null> {
    const query = executor.select(stored).from(appointments).where(eq(appointments.pmsRef, ref)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  /** An online appointment by the portal's id (the practice system has no reference for it yet). */
  async findOnline(executor: Executor, id: number, forUpdate = false): Promise<StoredAppointment | null> {
    const query = executor
      .select(stored)
      .from(appointments)
      .where(and(eq(appointments.id, id), eq(appointments.source, 'Online')))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Who an online appointment's e-mails went to: the client's address on their record now. */
  async clientContact(executor: Executor, clientId: number) {
    const [row] = await executor
      .select({ firstName: clients.firstName, email: clients.email })
      .from(clients)
      .where(eq(clients.id, clientId));
    return row ?? null;
  },
};

/**
 * The reads every write makes, prepared once per pool: planning their joins cost more than running them
 * (1.5 ms against 0.1 ms for the answer), and a practice system sends bookings by the hundred a second.
 */
export function createPracticeBookingReads(db: Database) {
  const refsQuery = db
    .select({
      practiceId: practices.id,
      clinicianId: clinicians.id,
      clinicianPracticeId: clinicians.practiceId,
      clientId: clients.id,
      petId: pets.id,
      petClientId: pets.clientId,
      reasonId: appointmentReasons.id,
      isInitialConsultation: appointmentReasons.isInitialConsultation,
    })
    .from(sql`(values (1)) as one (x)`)
    .leftJoin(practices, eq(practices.pmsRef, sql.placeholder('practice')))
    .leftJoin(clinicians, eq(clinicians.pmsRef, sql.placeholder('clinician')))
    .leftJoin(clients, eq(clients.pmsRef, sql.placeholder('client')))
    .leftJoin(pets, eq(pets.pmsRef, sql.placeholder('pet')))
    .leftJoin(appointmentReasons, eq(appointmentReasons.pmsRef, sql.placeholder('reason')))
    .prepare('practice_booking_refs');

  const answerQuery = withPetPracticeAndReason(
    db
      .select({
        appointment_id: appointments.id,
        appointment_ref: appointments.pmsRef,
        source: appointments.source,
        practice_ref: practices.pmsRef,
        clinician_ref: clinicians.pmsRef,
        client_ref: clients.pmsRef,
        pet_ref: pets.pmsRef,
        reason_ref: appointmentReasons.pmsRef,
        starts_at: appointments.startsAt,
        ends_at: appointments.endsAt,
        status: appointments.status,
        notes: appointments.notes,
        notes_for_client: appointments.notesForClient,
        flagged_at: appointments.flaggedAt,
      })
      .from(appointments)
      .innerJoin(clinicians, eq(clinicians.id, appointments.clinicianId))
      .innerJoin(clients, eq(clients.id, appointments.clientId))
      .where(eq(appointments.id, sql.placeholder('id')))
      .$dynamic(),
  ).prepare('practice_booking_answer');

  return {
    /** Each reference looked up in one round trip; a missing one (or one not given) reads as null. */
    async resolve(refs: {
      practice?: string;
      clinician?: string;
      client?: string;
      pet?: string;
      reason?: string;
    }): Promise<ResolvedRefs> {
      const [row] = await refsQuery.execute({
        practice: refs.practice ?? null,
        clinician: refs.clinician ?? null,
        client: refs.client ?? null,
        pet: refs.pet ?? null,
        reason: refs.reason ?? null,
      });
      return {
        practiceId: row?.practiceId ?? null,
        clinicianId: row?.clinicianId ?? null,
        clinicianPracticeId: row?.clinicianPracticeId ?? null,
        clientId: row?.clientId ?? null,
        petId: row?.petId ?? null,
        petClientId: row?.petClientId ?? null,
        reasonId: row?.reasonId ?? null,
        isInitialConsultation: row?.isInitialConsultation ?? false,
      };
    },

    /** The answer: the appointment with the practice system's references of what it names. */
    async answer(id: number): Promise<PracticeAppointment> {
      const [row] = await answerQuery.execute({ id });
      if (!row) throw new Error('appointment not found after writing it');
      return {
        ...row,
        starts_at: row.starts_at.toISOString(),
        ends_at: row.ends_at.toISOString(),
        flagged_at: row.flagged_at?.toISOString() ?? null,
      };
    },
  };
}

export type PracticeBookingReads = ReturnType<typeof createPracticeBookingReads>;
