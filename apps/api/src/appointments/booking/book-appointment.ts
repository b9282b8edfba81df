import type { FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { createHash } from 'node:crypto';
import type {
  AppointmentDetail,
  AppointmentSlot,
  BookAppointmentBody,
} from '@vet/contracts/appointment-booking';
import type { Database, Executor } from '@vet/db/connection';
import type { FromPrice } from '@vet/contracts/practice-prices';
import { quoteAt, quotedColumns } from './quoted-price.ts';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { capRefusal, upcomingLimits, type BookingCaps } from './booking-caps.ts';
import { writtenPrescriptionFeesOn } from '../../reference/index.ts';
import { practiceDate } from '@vet/contracts/practice-clock';
import { appointmentEmail } from './booking-emails.ts';
import {
  isKeyRace,
  isLostRace,
  lockForBooking,
  PET_OVERLAP_CONSTRAINT,
  writeOnlineBooking,
} from './booking-writes.ts';
import { recordBooked, type AppointmentEventRow } from './appointment-events.ts';
import { toDetail, type AppointmentRecord, type AppointmentsRepository } from './appointment-records.ts';
import {
  bookableSlotAt,
  loadBookingContext,
  nearestSlots,
  type ReadyContext,
  type Searcher,
  type SlotSearchDeps,
} from './slot-search.ts';
import { MINUTE_MS } from './slot-engine/types.ts';
import { databaseError } from '@vet/db/database-error';
import { assertNoPaymentAsked, type PaymentAsked } from './payment-asked.ts';

/** The signed-in client booking: who, whether allowed, and where the confirmation goes. */
export interface Booker extends Searcher {
  clientId: number;
  firstName: string;
  email: string | null;
}

/**
 * The manage links booking's e-mails carry (decisions 0084, 0095), made by the manage-links module: a new
 * booking's first link, or a new link for a changed appointment that ends the earlier ones.
 */
export interface BookingManageLinks {
  first(appointmentId: number): string;
  renew(executor: Executor, appointmentId: number): Promise<string>;
}

export interface BookingDeps extends SlotSearchDeps {
  db: Database;
  appointments: AppointmentsRepository;
  brandName: string;
  caps: BookingCaps;
  /** The manage links of its e-mails (decisions 0084, 0095); none in tests that do not care. */
  manageLinks?: BookingManageLinks | undefined;
  /** The calendar invitations' ORGANIZER address: MAIL_FROM's (decision 0082). */
  organizerEmail: string;
  /** The portal's address, for its e-mails' closing lines (decision 0143); none in some tests. */
  portalUrl?: string | undefined;
  /**
   * Called after a cancellation or a move commits, with the times it freed: the earlier-times line is
   * offered them (decision 0086). None in tests that do not care.
   */
  timeFreed?: ((spans: FreedSpan[]) => Promise<void>) | undefined;
  /** A fault offering freed time (logged by the caller's wiring, without personal data). */
  onTimeFreedError?: ((error: unknown) => void) | undefined;
  /** Whether the practice asks a payment to book a reason (decision 0158): such a booking pays first. */
  paymentAsked?: PaymentAsked | undefined;
  /** After a cancellation or move commits: its payment's rules apply now (decision 0158). */
  appointmentsChanged?: ((appointmentIds: number[]) => Promise<void>) | undefined;
}

/** Why a booking or a visit was not made: answered to the client, never a fault. */
export type BookingRefusal =
  | { kind: 'taken'; alternatives: AppointmentSlot[] }
  | { kind: 'petBusy'; petName: string }
  | { kind: 'keyReused' };

export type BookingOutcome = { kind: 'booked'; appointment: AppointmentDetail } | BookingRefusal;

/** The booking a key stands for: the same body, whatever its key order or spelling of the instant. */
export function bookingRequestHash(body: BookAppointmentBody): string {
  const canonical = JSON.stringify([
    body.practiceId,
    body.petId,
    body.appointmentReasonId,
    new Date(body.startsAt).toISOString(),
    body.notes ?? null,
    // A chosen clinician (decision 0101) is part of the booking; written only when chosen, so the hashes
    // of bookings for any clinician are those stored before the choice existed.
    ...(body.clinicianId === undefined ? [] : [body.clinicianId]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const replay = (record: AppointmentRecord, hash: string): BookingOutcome =>
  record.idempotencyRequestHash === hash
    ? { kind: 'booked', appointment: toDetail(record) }
    : { kind: 'keyReused' };

/** The confirmation's facts from what the booking knows. */
export function emailFacts(
  context: ReadyContext,
  booker: Booker,
  appointmentId: number,
  startsAt: Date,
  now: Date,
) {
  return {
    appointmentId,
    to: booker.email ?? '',
    firstName: booker.firstName,
    petName: context.pet?.name ?? '',
    reasonName: context.reason.name,
    clinicianType: context.reason.clinicianType,
    clinicianName: context.chosenClinicianName ?? null,
    practiceName: context.practice.name,
    practicePhone: context.practice.phone,
    practiceAddress: context.practice.address,
    startsAt,
    endsAt: new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS),
    cutoffMinutes: context.practice.cutoffMinutes,
    changedAt: now,
    // A new appointment's first invitation (appointments.calendar_sequence's default).
    calendarSequence: 0,
  };
}

/**
 * Queues the confirmation of a new appointment (an online booking or a completed hold) in the booking's
 * transaction, with the price it was quoted (quotePrice: the one stored on it) and its first manage link.
 */
export async function enqueueBookedEmail(
  tx: Executor,
  deps: BookingDeps,
  context: ReadyContext,
  facts: ReturnType<typeof emailFacts> & { price: FromPrice | null; paymentTerms?: string | undefined },
): Promise<void> {
  await enqueueEmail(
    tx,
    appointmentEmail({
      ...facts,
      ...(await bookedEmailNotices(tx, deps, context.practice, facts.changedAt)),
      change: 'booked',
      brandName: deps.brandName,
      organizerEmail: deps.organizerEmail,
      manageUrl: deps.manageLinks?.first(facts.appointmentId),
    }),
  );
}

/**
 * A booking's confirmation (and a visit's) ends with the practice's owner and the complaints link
 * (decision 0143) and carries the written prescription notice with the practice's fees (decision 0148).
 */
export async function bookedEmailNotices(
  tx: Executor,
  deps: BookingDeps,
  practice: { practiceId: number; ownerName: string | null },
  now: Date,
) {
  return {
    practiceOwnerName: practice.ownerName,
    portalUrl: deps.portalUrl,
    writtenPrescriptionFees: await writtenPrescriptionFeesOn(tx, practice.practiceId, practiceDate(now)),
  };
}

/**
 * What the client sees of the appointment just booked, from what the booking read (the context) and
 * wrote (the row): no read of its own after the commit.
 */
export function newBookingDetail(context: ReadyContext, row: AppointmentEventRow, price: FromPrice | null) {
  return toDetail({
    appointmentId: row.id,
    petId: row.petId,
    petName: context.pet?.name ?? '',
    practiceId: row.practiceId,
    practiceName: context.practice.name,
    appointmentReasonId: row.reasonId,
    reasonName: context.reason.name,
    clinicianType: context.reason.clinicianType,
    // The clinician written is the one named, when one was (the booking tried them alone).
    clinicianName: context.chosenClinicianName ?? null,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    notes: row.notes,
    cancellationReasonId: null,
    cancelledAt: null,
    clinicianId: row.clinicianId,
    idempotencyRequestHash: null,
    cutoffMinutes: context.practice.cutoffMinutes,
    practicePhone: context.practice.phone,
    practiceAddress: context.practice.address,
    visitId: row.visitId ?? null,
    ...quotedColumns(price),
  });
}

/**
 * The answer when the asked start is not free. Often it is the pet's own booking, made a moment ago (a
 * second press, another tab), and the answer names the pet; otherwise the nearest free starts.
 * `exceptAppointmentId`: the appointment being moved, whose own time does not count.
 */
export async function timeNotFree(
  deps: BookingDeps,
  clientId: number,
  pet: { petId: number; petName: string },
  during: { startsAt: Date; endsAt: Date },
  nearest: AppointmentSlot[],
  exceptAppointmentId?: number,
): Promise<BookingOutcome> {
  const { startsAt, endsAt } = during;
  const busy = await deps.appointments.petBookedDuring(
    clientId,
    pet.petId,
    startsAt,
    endsAt,
    exceptAppointmentId,
  );
  return busy ? { kind: 'petBusy', petName: pet.petName } : { kind: 'taken', alternatives: nearest };
}

/**
 * R4.21: books the start for the pet with a free clinician of the reason's type, or with the one the
 * client chose (decision 0101; checked by loadBookingContext, its time searched alone). Each free clinician is
 * tried in its own transaction (appointment, reservation, the practice system's appointment.booked event,
 * confirmation e-mail); the exclusion constraint has the last word, so a lost race is an outcome ('taken',
 * with the nearest free starts), never a fault.
 * A booking past the caps on upcoming appointments is refused (403; decision 0057).
 * With an Idempotency-Key, a repeat returns the first booking and a different body is 'keyReused'; the
 * unique (client, key) makes parallel repeats wait for the first and then return it.
 */
export async function bookAppointment(
  deps: BookingDeps,
  booker: Booker,
  body: BookAppointmentBody,
  idempotencyKey?: string,
): Promise<BookingOutcome> {
  const hash = bookingRequestHash(body);
  if (idempotencyKey !== undefined) {
    const first = await deps.appointments.findByIdempotencyKey(booker.clientId, idempotencyKey);
    if (first) return replay(first, hash);
  }
  const context = await loadBookingContext(deps, booker, body);
  await assertNoPaymentAsked(deps.paymentAsked, {
    clientId: booker.clientId,
    practiceId: context.practice.practiceId,
    reasonId: context.reason.appointmentReasonId,
  });
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);
  const slot = await bookableSlotAt(deps, context, booker, startsAt);
  if (!slot) {
    const pet = { petId: body.petId, petName: context.pet?.name ?? '' };
    const { nearest } = await nearestSlots(deps, context, booker, startsAt);
    return timeNotFree(deps, booker.clientId, pet, { startsAt, endsAt }, nearest);
  }

  for (const clinicianId of slot.clinicianIds) {
    try {
      const appointment = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        // The client's, the pet's and the clinician's locks, then in one statement the caps counted under
        // them (decision 0057) and the booking's rows: a booking is a few round trips (bench:events' load).
        await lockForBooking(tx, { clientId: booker.clientId, petId: body.petId, clinicianId });
        const price = await quoteAt(tx, context, startsAt);
        const { upcoming, booked: row } = await writeOnlineBooking(
          tx,
          {
            practiceId: context.practice.practiceId,
            clinicianId,
            clientId: booker.clientId,
            petId: body.petId,
            reasonId: context.reason.appointmentReasonId,
            startsAt,
            endsAt,
            notes: body.notes ?? null,
            idempotencyKey: idempotencyKey ?? null,
            idempotencyRequestHash: idempotencyKey === undefined ? null : hash,
            chosenClinicianId: context.chosenClinicianId ?? null,
            ...quotedColumns(price),
          },
          upcomingLimits(deps.caps, context.pet),
          now,
        );
        if (!row) throw capRefusal(deps.caps, context.pet, upcoming) ?? new Error('refused within the caps');
        await recordBooked(tx, row);
        if (booker.email) {
          await enqueueBookedEmail(tx, deps, context, {
            ...emailFacts(context, booker, row.id, startsAt, now),
            price,
          });
        }
        return { row, price };
      });
      return { kind: 'booked', appointment: newBookingDetail(context, appointment.row, appointment.price) };
    } catch (error) {
      const { code, constraint } = databaseError(error);
      if (constraint === PET_OVERLAP_CONSTRAINT) return { kind: 'petBusy', petName: context.pet?.name ?? '' };
      if (isLostRace(code)) continue;
      if (isKeyRace(code, constraint) && idempotencyKey !== undefined) {
        const first = await deps.appointments.findByIdempotencyKey(booker.clientId, idempotencyKey);
        if (first) return replay(first, hash);
      }
      throw error;
    }
  }
  const fresh = await nearestSlots(deps, context, booker, startsAt);
  return { kind: 'taken', alternatives: fresh.nearest };
}
