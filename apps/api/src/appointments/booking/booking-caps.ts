import { bookingLimits, bookingMessages } from '@vet/contracts/booking-rules';
import { newPetsPerClientPerDay } from '@vet/contracts/pet-rules';
import type { Executor } from '@vet/db/connection';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { appointments } from '@vet/db/schema/appointments';
import { sql } from 'drizzle-orm';
import { forbidden, type ApiProblem, byIdentity, type LimitRule } from '../../platform/index.ts';
import { lockForBooking } from './booking-writes.ts';

/**
 * Decision 0057: what one client may have booked online at once, and register online in a day. Off
 * (BOOKING_CAPS=off, never in production) they are unbounded, for harnesses that book without end; a
 * pet awaiting its initial consultation has that one appointment either way (a product rule).
 */
export interface BookingCaps {
  futurePerClient: number;
  futurePerPet: number;
  newPetsPerDay: number;
}

export const bookingCaps = (on: boolean): BookingCaps =>
  on
    ? {
        futurePerClient: bookingLimits.futureAppointmentsPerClient,
        futurePerPet: bookingLimits.futureAppointmentsPerPet,
        newPetsPerDay: newPetsPerClientPerDay,
      }
    : { futurePerClient: Infinity, futurePerPet: Infinity, newPetsPerDay: Infinity };

/** The pet being booked, as the booking's context read it (none: a guest's new pet, not yet written). */
export type BookedPet = { petId: number; name: string; awaitingInitialConsultation: boolean } | null;

/** The client's upcoming appointments (Booked, not yet started), and the pet's among them. */
const countUpcoming = namedStatement(
  'online_booking_upcoming',
  sql`select count(*)::int as client,
             (count(*) filter (where ${appointments.petId} = ${sql.placeholder('petId')}::int))::int as pet
      from ${appointments}
      where ${appointments.clientId} = ${sql.placeholder('clientId')}::int
        and ${appointments.status} = 'Booked' and ${appointments.startsAt} > ${sql.placeholder('now')}::timestamptz`,
);

/** The client's upcoming appointments and the pet's among them, as counted under the booking's locks. */
export interface Upcoming {
  client: number;
  pet: number;
}

/** Why a booking past a cap is refused (403 in plain words), or null when it is within them. */
export function capRefusal(caps: BookingCaps, pet: BookedPet, upcoming: Upcoming): ApiProblem | null {
  if (pet?.awaitingInitialConsultation && upcoming.pet >= bookingLimits.futureAppointmentsPerNewPet) {
    return forbidden(bookingMessages.awaitingInitialConsultation);
  }
  if (upcoming.client >= caps.futurePerClient) return forbidden(bookingMessages.tooManyForClient);
  if (pet && upcoming.pet >= caps.futurePerPet) return forbidden(bookingMessages.tooManyForPet(pet.name));
  return null;
}

/**
 * The most upcoming appointments the client and the pet may already have for a booking to go ahead
 * (capRefusal's rules as limits a statement can test: below each, no refusal; null: no limit).
 */
export function upcomingLimits(
  caps: BookingCaps,
  pet: BookedPet,
): { client: number | null; pet: number | null } {
  const finite = (n: number) => (Number.isFinite(n) ? n : null);
  const petLimit = Math.min(
    pet ? caps.futurePerPet : Infinity,
    pet?.awaitingInitialConsultation ? bookingLimits.futureAppointmentsPerNewPet : Infinity,
  );
  return { client: finite(caps.futurePerClient), pet: finite(petLimit) };
}

/**
 * In the booking's transaction, before its appointment row: takes the client's lock (and the pet's, and
 * the clinician's when the caller books one it knows: lockForBooking, one statement), then counts the
 * client's upcoming appointments (Booked, not yet started) in one statement on appointments_client_idx,
 * and refuses a booking past a cap with 403 in plain words. Under the locks, two parallel bookings cannot
 * both find the last place. (An online booking counts in its write's own statement: writeOnlineBooking.)
 */
export async function assertRoomToBook(
  tx: Executor,
  caps: BookingCaps,
  booking: { clientId: number; pet: BookedPet; clinicianId?: number },
  now: Date,
) {
  const { clientId, pet } = booking;
  const petId = pet?.petId ?? null;
  await lockForBooking(tx, { clientId, petId, clinicianId: booking.clinicianId ?? null });
  const [counted] = await runNamed<Upcoming>(tx, countUpcoming, { clientId, petId, now: now.toISOString() });
  const refusal = capRefusal(caps, pet, { client: counted?.client ?? 0, pet: counted?.pet ?? 0 });
  if (refusal) throw refusal;
}

/**
 * Bookings and guest-hold completions per signed-in identity (decision 0057), one counter for both
 * routes: `max` in bookingLimits.windowMinutes (BOOKING_RATE_LIMIT_MAX; the default is bookingLimits').
 */
export const bookingsPerIdentity = (max: number): LimitRule => ({
  name: 'booking-identity',
  max,
  windowMs: bookingLimits.windowMinutes * 60_000,
  key: byIdentity,
});
