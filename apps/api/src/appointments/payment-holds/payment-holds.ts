import type { BookAppointmentBody } from '@vet/contracts/appointment-booking';
import type { Executor } from '@vet/db/connection';
import { softBookings } from '@vet/db/schema/appointments';
import { eq, sql } from 'drizzle-orm';
import { clients } from '@vet/db/schema/clients';
import { ApiProblem } from '../../platform/index.ts';
import {
  assertRoomToBook,
  emailFacts,
  enqueueBookedEmail,
  loadBookingContext,
  MINUTE_MS,
  nearestSlots,
  openDiary,
  quotedColumns,
  quotePrice,
  recordBooked,
  refusalOf,
  timeNotFree,
  bookableSlotAt,
  type Booker,
  type BookingDeps,
  type BookingOutcome,
  type ReadyContext,
} from '../booking/index.ts';

/** A client's time held while they pay for it (decision 0158): a soft booking with its client and pet. */
export interface PaymentHold {
  id: string;
  practiceId: number;
  clinicianId: number;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
}

export type HoldForPaymentOutcome<T> =
  { kind: 'held'; hold: PaymentHold; result: T } | Exclude<BookingOutcome, { kind: 'booked' }>;

/** Why a held time did not become an appointment when its payment came: its money goes back. */
export type PaymentHoldRefusal = 'taken' | 'petBusy' | 'refused' | 'gone';

export type BookHeldOutcome = { kind: 'booked'; appointmentId: number } | { kind: PaymentHoldRefusal };

/**
 * Holds a bookable start for the client's pet until `expiresAt`, by the booking's rules (decision 0057's
 * caps, rota, notice, free time), with a free clinician, and in the same transaction runs `within` (the
 * payment's row is written there, so neither exists without the other). A lost race tries the next
 * clinician; none left is 'taken' with the nearest free starts.
 */
export async function holdForPayment<T>(
  deps: BookingDeps,
  booker: Booker & { lastName: string },
  body: BookAppointmentBody,
  expiresAt: Date,
  within: (tx: Executor, hold: PaymentHold, context: ReadyContext) => Promise<T>,
): Promise<HoldForPaymentOutcome<T>> {
  const context = await loadBookingContext(deps, booker, body);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);
  const pet = context.pet!;
  const petNamed = { petId: pet.petId, petName: pet.name };
  const slot = await bookableSlotAt(deps, context, booker, startsAt);
  const busyOrTaken = async () => {
    const { nearest } = await nearestSlots(deps, context, booker, startsAt);
    return timeNotFree(deps, booker.clientId, petNamed, { startsAt, endsAt }, nearest);
  };
  if (!slot) return (await busyOrTaken()) as HoldForPaymentOutcome<T>;
  if (await deps.appointments.petBookedDuring(booker.clientId, pet.petId, startsAt, endsAt)) {
    return { kind: 'petBusy', petName: pet.name };
  }
  for (const clinicianId of slot.clinicianIds) {
    try {
      return await deps.db.transaction(async (tx) => {
        const now = deps.now();
        await assertRoomToBook(tx, deps.caps, { clientId: booker.clientId, pet: context.pet }, now);
        const diary = await openDiary(tx, { clinicianId, clock: () => now });
        const [row] = await tx
          .insert(softBookings)
          .values({
            practiceId: context.practice.practiceId,
            clinicianId,
            reasonId: context.reason.appointmentReasonId,
            startsAt,
            endsAt,
            expiresAt,
            firstName: booker.firstName,
            lastName: booker.lastName,
            email: booker.email ?? '',
            petName: pet.name,
            speciesId: pet.speciesId,
            clientId: booker.clientId,
            petId: pet.petId,
            notes: body.notes ?? null,
            chosenClinicianId: context.chosenClinicianId ?? null,
            createdAt: now,
          })
          .returning();
        const hold: PaymentHold = {
          id: row!.id,
          practiceId: row!.practiceId,
          clinicianId,
          startsAt,
          endsAt,
          expiresAt,
        };
        await diary.hold({ holdId: hold.id, startsAt, endsAt, expiresAt });
        return { kind: 'held' as const, hold, result: await within(tx, hold, context) };
      });
    } catch (error) {
      if (refusalOf(error) === 'taken') continue;
      throw error;
    }
  }
  return (await busyOrTaken()) as HoldForPaymentOutcome<T>;
}

/**
 * Turns a paid-for hold into the client's appointment in the caller's transaction (the payment's, which
 * holds the payment's row): the hold's time when it still has it, else its start anew if still free.
 * The attempt runs in a savepoint, so a refusal (the time or the pet taken, the pet since died, the
 * practice closed online booking) leaves the caller's transaction whole: the caller refunds. Converted
 * once: a second call answers the same appointment.
 */
export async function bookPaymentHold(
  tx: Executor,
  deps: BookingDeps,
  holdId: string,
  paymentTerms?: string,
): Promise<BookHeldOutcome> {
  const [found] = await tx.select().from(softBookings).where(eq(softBookings.id, holdId));
  if (!found || found.clientId === null || found.petId === null) return { kind: 'gone' };
  if (found.status === 'Converted' && found.convertedAppointmentId !== null) {
    return { kind: 'booked', appointmentId: found.convertedAppointmentId };
  }
  const { clientId, petId } = found;
  const client = await clientOf(tx, clientId);
  if (!client) return { kind: 'gone' };
  const booker: Booker = { ...client, homePracticeId: null };
  try {
    const context = await loadBookingContext(deps, booker, {
      practiceId: found.practiceId,
      appointmentReasonId: found.reasonId,
      petId,
      ...(found.chosenClinicianId === null ? {} : { clinicianId: found.chosenClinicianId }),
    });
    return await inSavepoint(tx, async (savepoint) => {
      const now = deps.now();
      const diary = await openDiary(savepoint, { clinicianId: found.clinicianId, petId, clock: () => now });
      const [hold] = await savepoint
        .select()
        .from(softBookings)
        .where(eq(softBookings.id, holdId))
        .for('update');
      if (!hold) return { kind: 'gone' as const };
      if (hold.status === 'Converted' && hold.convertedAppointmentId !== null) {
        return { kind: 'booked' as const, appointmentId: hold.convertedAppointmentId };
      }
      const price = await quotePrice(savepoint, {
        practiceId: hold.practiceId,
        reasonId: hold.reasonId,
        startsAt: hold.startsAt,
        speciesCode: context.pet?.speciesCode ?? null,
      });
      // Its own time while it still holds it; a hold ended (expired, released) books its start anew.
      const appointment = await diary.convertHold(
        holdId,
        {
          practiceId: hold.practiceId,
          clinicianId: hold.clinicianId,
          clientId,
          petId,
          reasonId: hold.reasonId,
          startsAt: hold.startsAt,
          endsAt: hold.endsAt,
          notes: hold.notes,
          chosenClinicianId: hold.chosenClinicianId,
          ...quotedColumns(price),
        },
        hold.status === 'Held',
      );
      await savepoint
        .update(softBookings)
        .set({ status: 'Converted', convertedAppointmentId: appointment.id })
        .where(eq(softBookings.id, holdId));
      await recordBooked(savepoint, appointment);
      if (client.email) {
        await enqueueBookedEmail(savepoint, deps, context, {
          ...emailFacts(context, booker, appointment.id, hold.startsAt, now),
          price,
          paymentTerms,
        });
      }
      return { kind: 'booked' as const, appointmentId: appointment.id };
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { kind: refusal };
    // The booking's own refusals (the pet died, booking closed): answered as problems, never a fault.
    if (error instanceof ApiProblem) return { kind: 'refused' };
    throw error;
  }
}

/** Ends a paid-for hold's time (the owner left the page, or it was never paid): the time is free again. */
export async function releasePaymentHold(tx: Executor, holdId: string): Promise<void> {
  const [hold] = await tx.select().from(softBookings).where(eq(softBookings.id, holdId)).for('update');
  if (!hold || hold.status !== 'Held') return;
  const diary = await openDiary(tx, { clinicianId: hold.clinicianId, clock: () => new Date() });
  await diary.releaseHold(holdId);
  await tx.update(softBookings).set({ status: 'Released' }).where(eq(softBookings.id, holdId));
}

async function clientOf(tx: Executor, clientId: number) {
  const [row] = await tx
    .select({
      clientId: clients.id,
      firstName: clients.firstName,
      email: clients.email,
      onlineBookingAllowed: clients.onlineBookingAllowed,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row;
}

/** Runs `work` in a savepoint of the caller's transaction: a failure undoes only its own writes. */
async function inSavepoint<T>(tx: Executor, work: (savepoint: Executor) => Promise<T>): Promise<T> {
  await tx.execute(sql`savepoint payment_hold`);
  try {
    const result = await work(tx);
    await tx.execute(sql`release savepoint payment_hold`);
    return result;
  } catch (error) {
    await tx.execute(sql`rollback to savepoint payment_hold`);
    throw error;
  }
}
