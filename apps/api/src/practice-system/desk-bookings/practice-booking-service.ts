import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import type {
  AppointmentOutcome,
  PracticeAppointment,
  PracticeAppointmentBody,
  PracticeAppointmentChange,
  PracticeAppointmentWrite,
} from '@vet/contracts/integration-appointments';
import type { Executor } from '@vet/db/connection';
import { endEarlierTimeRequests } from '@vet/clinician-time/earlier-time-requests';
import type { PracticeLaneEffects } from '@vet/clinician-time/practice-lane';
import { refusalOf } from '../../appointments/index.ts';
import { conflict, notFound, type Issue, unprocessable } from '../../platform/index.ts';
import {
  practiceBookingRepository as repository,
  type AppointmentValues,
  type ResolvedRefs,
  type StoredAppointment,
} from './practice-booking-repository.ts';
import { lockAndResolve } from './practice-booking-writes.ts';
import { freedByRewrite, store, type PracticeBookingDeps } from './practice-booking-store.ts';

export type { PracticeBookingDeps } from './practice-booking-store.ts';

/** An appointment addressed by the practice system's reference, or an online one by the portal's id. */
export type AppointmentTarget = { ref: string } | { onlineId: number };

export const practiceBookingMessages = {
  unknownAppointment: 'No appointment has this reference.',
  unknownOnlineAppointment: 'No appointment made online has this id.',
  refsRefused: 'Some references name no record, or records that do not go together.',
  unknownRef: (kind: string) => `No ${kind} has this reference.`,
  clinicianElsewhere: 'This clinician is not at the practice that practice_ref names.',
  petOfAnotherClient: 'This pet is not a pet of the client that client_ref names.',
  cancelledHasNoOutcome: 'A cancelled appointment has no outcome: store it as Booked again first.',
  outcomeNotCancellable: 'An appointment with an outcome (Completed or NoShow) cannot be cancelled.',
  onlyBookedMoves: 'Only a booked appointment can move.',
  petBusyOnline: 'This online appointment’s pet has another appointment at that time.',
} as const;

/** The integration API's codes of those refusals (decision 0102). */
const codes = {
  refsRefused: 'references_refused',
  petBusy: 'pet_busy',
  notBooked: 'appointment_not_booked',
  cancelled: 'appointment_cancelled',
} as const satisfies Record<string, IntegrationErrorCode>;

/** Every reference must name a record, and the records must go together; all problems at once. */
function assertResolved(
  refs: ResolvedRefs,
): asserts refs is ResolvedRefs &
  Record<'practiceId' | 'clinicianId' | 'clientId' | 'petId' | 'reasonId', number> {
  const issues: Issue[] = [];
  const missing = (path: string, kind: string, id: number | null) => {
    if (id === null) issues.push({ path, message: practiceBookingMessages.unknownRef(kind) });
  };
  missing('practice_ref', 'practice', refs.practiceId);
  missing('clinician_ref', 'clinician', refs.clinicianId);
  missing('client_ref', 'client', refs.clientId);
  missing('pet_ref', 'pet', refs.petId);
  missing('reason_ref', 'appointment reason', refs.reasonId);
  if (refs.clinicianId !== null && refs.practiceId !== null && refs.clinicianPracticeId !== refs.practiceId) {
    issues.push({ path: 'clinician_ref', message: practiceBookingMessages.clinicianElsewhere });
  }
  if (refs.petId !== null && refs.clientId !== null && refs.petClientId !== refs.clientId) {
    issues.push({ path: 'pet_ref', message: practiceBookingMessages.petOfAnotherClient });
  }
  if (issues.length > 0) throw unprocessable(practiceBookingMessages.refsRefused, issues, codes.refsRefused);
}

const effectsAnswer = (effects: PracticeLaneEffects) => ({
  flagged_appointment_ids: effects.flaggedAppointmentIds,
  released_holds: effects.releasedHolds,
});

const writeAnswer = async (
  deps: PracticeBookingDeps,
  id: number,
  effects: PracticeLaneEffects,
): Promise<PracticeAppointmentWrite> => ({
  ...(await deps.reads.answer(id)),
  effects: effectsAnswer(effects),
});

/** Runs a write; the pet's constraint (an online appointment rewritten) answers 409, not 500. */
async function inTransaction<T>(deps: PracticeBookingDeps, write: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(write);
  } catch (error) {
    if (refusalOf(error) === 'petBusy') {
      throw conflict(practiceBookingMessages.petBusyOnline, codes.petBusy);
    }
    throw error;
  }
}

/**
 * PUT /appointments/{appointment_ref}: the practice system's record, created or replaced as given (the
 * practice system is the system of record of the desk's bookings). Overlaps are stored, never refused.
 * Four statements in all (the locks with the references, the clearing, the write, and the commit's): the
 * answer is what was written, with the references as given (they named exactly those records). A
 * rewrite that frees time offers it to the earlier-times line once committed.
 */
export async function upsertPracticeAppointment(
  deps: PracticeBookingDeps,
  ref: string,
  body: PracticeAppointmentBody,
): Promise<{ created: boolean; appointment: PracticeAppointmentWrite }> {
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  const notes = body.notes ?? null;
  const notesForClient = body.notes_for_client ?? false;
  const booked = body.status === 'Booked';
  const { written, effects, freed } = await inTransaction(deps, async (tx) => {
    const refs = await lockAndResolve(
      tx,
      ref,
      {
        practice: body.practice_ref,
        clinician: body.clinician_ref,
        client: body.client_ref,
        pet: body.pet_ref,
        reason: body.reason_ref,
      },
      booked,
    );
    assertResolved(refs);
    const desired: AppointmentValues = {
      status: body.status,
      practiceId: refs.practiceId,
      clinicianId: refs.clinicianId,
      clientId: refs.clientId,
      petId: refs.petId,
      reasonId: refs.reasonId,
      startsAt,
      endsAt,
      notes,
      notesForClient,
      cancelledAt: null,
    };
    const stored = await store(deps, tx, { ref }, desired, booked);
    return { ...stored, freed: await freedByRewrite(tx, stored.written, desired, deps.now()) };
  });
  if (freed.length > 0) await deps.timeFreed?.(freed);
  const { practice_ref, clinician_ref, client_ref, pet_ref, reason_ref, status } = body;
  return {
    created: written.created,
    appointment: {
      appointment_id: written.id,
      appointment_ref: ref,
      source: written.source,
      ...{ practice_ref, clinician_ref, client_ref, pet_ref, reason_ref, status, notes },
      notes_for_client: notesForClient,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      flagged_at: written.flaggedAt?.toISOString() ?? null,
      effects: effectsAnswer(effects),
    },
  };
}

/** PATCH /appointments/{appointment_ref}: a booked desk appointment moved (time, clinician, or both). */
export async function changePracticeAppointment(
  deps: PracticeBookingDeps,
  ref: string,
  change: PracticeAppointmentChange,
): Promise<PracticeAppointmentWrite> {
  const clinician =
    change.clinician_ref === undefined ? null : await deps.reads.resolve({ clinician: change.clinician_ref });
  if (clinician && clinician.clinicianId === null) {
    const message = practiceBookingMessages.unknownRef('clinician');
    throw unprocessable(message, [{ path: 'clinician_ref', message }], codes.refsRefused);
  }
  const { id, effects, freed } = await inTransaction(deps, async (tx) => {
    await repository.lockRef(tx, ref);
    const found = await repository.findByRef(tx, ref);
    if (!found) throw notFound(practiceBookingMessages.unknownAppointment);
    if (found.status !== 'Booked') throw conflict(practiceBookingMessages.onlyBookedMoves, codes.notBooked);
    if (clinician && clinician.clinicianPracticeId !== found.practiceId) {
      const message = practiceBookingMessages.clinicianElsewhere;
      throw unprocessable(
        practiceBookingMessages.refsRefused,
        [{ path: 'clinician_ref', message }],
        codes.refsRefused,
      );
    }
    const { id: _id, pmsRef: _ref, source: _source, ...values } = found;
    const moved = {
      clinicianId: clinician?.clinicianId ?? found.clinicianId,
      startsAt: change.starts_at === undefined ? found.startsAt : new Date(change.starts_at),
      endsAt: change.ends_at === undefined ? found.endsAt : new Date(change.ends_at),
    };
    const { written, effects } = await store(deps, tx, found, { ...values, ...moved });
    // Decision 0086: the old time goes to the earlier-times line; moved earlier, its own request ends.
    const held =
      moved.startsAt.getTime() < found.startsAt.getTime()
        ? await endEarlierTimeRequests(tx, [found.id], deps.now())
        : [];
    const { practiceId, clinicianId, startsAt, endsAt } = found;
    const old = { practiceId, clinicianId, startsAt, endsAt, freedBy: found.id };
    return { id: written.id, effects, freed: [old, ...held] };
  });
  await deps.timeFreed?.(freed);
  return writeAnswer(deps, id, effects);
}

/**
 * The appointment a target names, its row locked (after its reference's lock, when it has one); 404 when
 * none. Only for writes that hold no time (outcomes, cancellations): they take no lane locks first.
 */
async function findTarget(tx: Executor, target: AppointmentTarget): Promise<StoredAppointment> {
  if ('ref' in target) {
    await repository.lockRef(tx, target.ref);
    const found = await repository.findByRef(tx, target.ref, true);
    if (!found) throw notFound(practiceBookingMessages.unknownAppointment);
    return found;
  }
  const found = await repository.findOnline(tx, target.onlineId, true);
  if (!found) throw notFound(practiceBookingMessages.unknownOnlineAppointment);
  return found;
}

/** POST …/outcome: what happened (Completed, NoShow); a changed outcome replaces the first. */
export async function recordOutcome(
  deps: PracticeBookingDeps,
  target: AppointmentTarget,
  outcome: AppointmentOutcome,
): Promise<PracticeAppointment> {
  const id = await inTransaction(deps, async (tx) => {
    const found = await findTarget(tx, target);
    if (found.status === 'Cancelled')
      throw conflict(practiceBookingMessages.cancelledHasNoOutcome, codes.cancelled);
    const { id: _id, pmsRef: _ref, source: _source, ...values } = found;
    return (await store(deps, tx, found, { ...values, status: outcome })).written.id;
  });
  return deps.reads.answer(id);
}

/** POST …/cancel: the practice cancels; the time is free again. Cancelling twice is the same as once. */
export async function cancelByPractice(
  deps: PracticeBookingDeps,
  target: AppointmentTarget,
): Promise<PracticeAppointment> {
  const { id, freed } = await inTransaction(deps, async (tx) => {
    const found = await findTarget(tx, target);
    if (found.status === 'Cancelled') return { id: found.id, freed: [] };
    if (found.status !== 'Booked')
      throw conflict(practiceBookingMessages.outcomeNotCancellable, codes.notBooked);
    const { id: _id, pmsRef: _ref, source: _source, ...values } = found;
    const written = (await store(deps, tx, found, { ...values, status: 'Cancelled' })).written;
    // Decision 0086: the cancelled appointment's own request ends; its time goes to the line.
    const held = await endEarlierTimeRequests(tx, [found.id], deps.now());
    const span = { practiceId: found.practiceId, clinicianId: found.clinicianId, startsAt: found.startsAt };
    return { id: written.id, freed: [{ ...span, endsAt: found.endsAt, freedBy: found.id }, ...held] };
  });
  // Committed: offering the freed time never throws (createEarlierTimesDeps's offers log their faults).
  await deps.timeFreed?.(freed);
  return deps.reads.answer(id);
}
