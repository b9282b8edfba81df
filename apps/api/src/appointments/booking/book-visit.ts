import { createHash, randomUUID } from 'node:crypto';
import { bookingMessages } from '@vet/contracts/appointment-booking';
import type { BookVisitBody, VisitDetail } from '@vet/contracts/appointment-visits';
import { databaseError } from '@vet/db/database-error';
import { ApiProblem, forbidden, badRequest } from '../../platform/index.ts';
import { recordBooked, type AppointmentEventRow } from './appointment-events.ts';
import { toDetail, type AppointmentRecord } from './appointment-records.ts';
import { newBookingDetail, type Booker, type BookingDeps, type BookingRefusal } from './book-appointment.ts';
import { capRefusal, upcomingLimits } from './booking-caps.ts';
import {
  isKeyRace,
  isLostRace,
  lockClinician,
  lockForBooking,
  lockPet,
  PET_OVERLAP_CONSTRAINT,
  writeOnlineBooking,
} from './booking-writes.ts';
import { MINUTE_MS } from './slot-engine/types.ts';
import {
  bookableSlotAt,
  forVisit,
  loadBookingContext,
  nearestSlots,
  type ReadyContext,
} from './slot-search.ts';
import { enqueueVisitEmail } from './visit-emails.ts';
import { quotePrice, quotedColumns } from './quoted-price.ts';
import type { FromPrice } from '@vet/contracts/practice-prices';
import { assertNoPaymentAsked } from './payment-asked.ts';

export type VisitOutcome = { kind: 'booked'; visit: VisitDetail } | BookingRefusal;

/** The visit a key stands for: the same body, whatever its key order or spelling of the instant. */
export function visitRequestHash(body: BookVisitBody): string {
  const canonical = JSON.stringify([
    'visit',
    body.practiceId,
    body.petIds,
    body.appointmentReasonId,
    new Date(body.startsAt).toISOString(),
    body.notes ?? null,
    body.clinicianId ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * One pet's context, checked by the same rules as a booking of its own (loadBookingContext). A refusal of
 * one pet refuses the visit, and says which pet and which reason (another client's pet stays not found).
 */
export async function petContext(
  deps: BookingDeps,
  booker: Booker,
  visit: { practiceId: number; appointmentReasonId: number; clinicianId?: number | undefined },
  petId: number,
) {
  const input = { ...visit, petId };
  try {
    return await loadBookingContext(deps, booker, input);
  } catch (error) {
    if (!(error instanceof ApiProblem) || (error.kind !== 'forbidden' && error.kind !== 'badRequest')) {
      throw error;
    }
    const found = await deps.repository.findContext({ ...input, clientId: booker.clientId });
    if (!found?.pet || !found.reason) throw error;
    const message = bookingMessages.visitPetRefused(found.pet.name, found.reason.name, error.message);
    throw error.kind === 'forbidden'
      ? forbidden(message)
      : badRequest(message, [{ path: 'petIds', message }]);
  }
}

/** A visit's appointments as the client sees them, or undefined when it has none of theirs. */
async function readVisit(deps: BookingDeps, clientId: number, visitId: string) {
  const records = await deps.appointments.findVisit(clientId, visitId);
  if (records.length === 0) return undefined;
  return { visitId, appointments: records.map((record) => toDetail(record)) };
}

async function replay(deps: BookingDeps, booker: Booker, first: AppointmentRecord, hash: string) {
  if (first.idempotencyRequestHash !== hash || first.visitId === null) return { kind: 'keyReused' } as const;
  const visit = await readVisit(deps, booker.clientId, first.visitId);
  return visit ? ({ kind: 'booked', visit } as const) : ({ kind: 'keyReused' } as const);
}

/**
 * Decision 0117: books one visit for two or more of the client's pets, all or nothing. Each pet is checked
 * as its own booking would be; the start must be one where the pets' appointments fit back to back with
 * one clinician (the slot search with the visit's length). Each free clinician is tried in its own
 * transaction, which takes the client's lock, the pets' (in id order) and the clinician's (booking's lock
 * order), then writes every pet's appointment with its reservation, its appointment.booked event (with the
 * visit's id) and the caps' count, and one confirmation. Any refusal rolls the whole visit back.
 */
export async function bookVisit(
  deps: BookingDeps,
  booker: Booker,
  body: BookVisitBody,
  idempotencyKey?: string,
): Promise<VisitOutcome> {
  const hash = visitRequestHash(body);
  if (idempotencyKey !== undefined) {
    const first = await deps.appointments.findByIdempotencyKey(booker.clientId, idempotencyKey);
    if (first) return replay(deps, booker, first, hash);
  }
  const contexts: ReadyContext[] = [];
  for (const petId of body.petIds) contexts.push(await petContext(deps, booker, body, petId));
  const [lead] = contexts;
  if (!lead) throw new Error('a visit has pets');
  await assertNoPaymentAsked(deps.paymentAsked, {
    clientId: booker.clientId,
    practiceId: lead.practice.practiceId,
    reasonId: lead.reason.appointmentReasonId,
  });
  const visitContext = forVisit(lead, contexts.length);
  const startsAt = new Date(body.startsAt);
  const durationMs = lead.reason.durationMinutes * MINUTE_MS;
  const slot = await bookableSlotAt(deps, visitContext, booker, startsAt);
  if (!slot) return timeNotFree(deps, booker, contexts, visitContext, startsAt, durationMs);

  const visitId = randomUUID();
  for (const clinicianId of slot.clinicianIds) {
    try {
      const rows = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        await lockForBooking(tx, { clientId: booker.clientId, petId: null, clinicianId: null });
        for (const petId of [...body.petIds].sort((a, b) => a - b)) await lockPet(tx, petId);
        await lockClinician(tx, clinicianId);
        const written: AppointmentEventRow[] = [];
        const prices: (FromPrice | null)[] = [];
        for (const [index, context] of contexts.entries()) {
          const petStartsAt = new Date(startsAt.getTime() + index * durationMs);
          // Each pet's own quote: a cat's and a dog's band may differ (issue 62).
          const price = await quotePrice(tx, {
            practiceId: lead.practice.practiceId,
            reasonId: lead.reason.appointmentReasonId,
            startsAt: petStartsAt,
            speciesCode: context.pet?.speciesCode ?? null,
          });
          const { upcoming, booked } = await writeOnlineBooking(
            tx,
            {
              practiceId: lead.practice.practiceId,
              clinicianId,
              clientId: booker.clientId,
              petId: context.pet?.petId ?? 0,
              reasonId: lead.reason.appointmentReasonId,
              startsAt: petStartsAt,
              endsAt: new Date(petStartsAt.getTime() + durationMs),
              notes: body.notes ?? null,
              // The key and its hash live on the first appointment: (client, key) is unique.
              idempotencyKey: index === 0 ? (idempotencyKey ?? null) : null,
              idempotencyRequestHash: index === 0 && idempotencyKey !== undefined ? hash : null,
              visitId,
              chosenClinicianId: lead.chosenClinicianId ?? null,
              ...quotedColumns(price),
            },
            upcomingLimits(deps.caps, context.pet),
            now,
          );
          if (!booked)
            throw capRefusal(deps.caps, context.pet, upcoming) ?? new Error('refused within the caps');
          await recordBooked(tx, booked);
          written.push(booked);
          prices.push(price);
        }
        if (booker.email) await enqueueVisitEmail(tx, deps, booker, lead, contexts, written, prices, now);
        return { written, prices };
      });
      const appointments = rows.written.map((row, index) =>
        newBookingDetail(contexts[index] ?? lead, row, rows.prices[index] ?? null),
      );
      return { kind: 'booked', visit: { visitId, appointments } };
    } catch (error) {
      const { code, constraint } = databaseError(error);
      if (constraint === PET_OVERLAP_CONSTRAINT) {
        return timeNotFree(deps, booker, contexts, visitContext, startsAt, durationMs);
      }
      if (isLostRace(code)) continue;
      if (isKeyRace(code, constraint) && idempotencyKey !== undefined) {
        const first = await deps.appointments.findByIdempotencyKey(booker.clientId, idempotencyKey);
        if (first) return replay(deps, booker, first, hash);
      }
      throw error;
    }
  }
  const fresh = await nearestSlots(deps, visitContext, booker, startsAt);
  return { kind: 'taken', alternatives: fresh.nearest };
}

/**
 * The start is not free: a pet already booked then is named, else the nearest starts for the visit.
 * `existingVisitId`: the visit being moved, whose own appointments do not count.
 */
export async function timeNotFree(
  deps: BookingDeps,
  booker: Booker,
  contexts: ReadyContext[],
  visitContext: ReadyContext,
  startsAt: Date,
  durationMs: number,
  moving?: { visitId: string; appointmentIds: number[] },
): Promise<VisitOutcome> {
  for (const [index, context] of contexts.entries()) {
    const petStartsAt = new Date(startsAt.getTime() + index * durationMs);
    const pet = context.pet;
    if (!pet) continue;
    const busy = await deps.appointments.petBookedDuring(
      booker.clientId,
      pet.petId,
      petStartsAt,
      new Date(petStartsAt.getTime() + durationMs),
      moving?.appointmentIds[index],
    );
    if (busy) return { kind: 'petBusy', petName: pet.name };
  }
  const options = moving ? { existingVisitId: moving.visitId } : {};
  const { nearest } = await nearestSlots(deps, visitContext, booker, startsAt, options);
  return { kind: 'taken', alternatives: nearest };
}
