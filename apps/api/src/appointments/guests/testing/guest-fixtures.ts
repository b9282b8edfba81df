import { setHoldExpiry } from '@vet/clinician-time/testing/reservations';
import { softBookingSchema } from '@vet/contracts/guest-bookings';
import type { Database } from '@vet/db/connection';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { eq, sql } from 'drizzle-orm';
import type { BookingScene } from '../../booking/testing/booking-fixtures.ts';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';

type Context = ReturnType<typeof useSignedInTestApp>['context'];

/**
 * A client address of its own for each caller, so that per-address limits do not mix tests (random:
 * test files running at once share the database, where the live holds per address are counted).
 */
export const newAddress = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}`;
};

export const guestDetails = (email = `guest-${crypto.randomUUID()}@example.test`) => ({
  petName: 'Pepper',
  firstName: 'Ada',
  lastName: 'Guest',
  email,
  mobile: '07400 123456',
});

/** Guest calls through the API, and reads of holds and reservations. */
export function guestHelpers(context: Context, db: Database) {
  const app = () => context.app;

  const hold = (
    scene: BookingScene,
    startsAt: Date,
    extra: { email?: string; address?: string; speciesId?: number; reasonId?: number } = {},
  ) =>
    app().inject({
      method: 'POST',
      url: '/guest/soft-bookings',
      remoteAddress: extra.address ?? newAddress(),
      payload: {
        practiceId: scene.practice.id,
        appointmentReasonId: extra.reasonId ?? scene.reason.id,
        speciesId: extra.speciesId ?? scene.dog.id,
        startsAt: startsAt.toISOString(),
        ...guestDetails(extra.email),
      },
    });

  const held = async (...args: Parameters<typeof hold>) => {
    const response = await hold(...args);
    if (response.statusCode !== 201)
      throw new Error(`hold answered ${response.statusCode}: ${response.body}`);
    return softBookingSchema.parse(response.json());
  };

  const replace = (scene: BookingScene, id: string, startsAt: Date, address = newAddress()) =>
    app().inject({
      method: 'POST',
      url: `/guest/soft-bookings/${id}`,
      remoteAddress: address,
      payload: {
        practiceId: scene.practice.id,
        appointmentReasonId: scene.reason.id,
        startsAt: startsAt.toISOString(),
      },
    });

  const extend = (id: string) =>
    app().inject({ method: 'POST', url: `/guest/soft-bookings/${id}/extend`, remoteAddress: newAddress() });

  const complete = (id: string, authorization?: string) =>
    app().inject({
      method: 'POST',
      url: `/guest/soft-bookings/${id}/complete`,
      headers: authorization ? { authorization } : {},
      payload: { petSex: 'Female' },
    });

  const guestSearch = (scene: BookingScene, query: Record<string, string | number>) =>
    app().inject({
      url: `/guest/practices/${scene.practice.id}/appointment-slots?${new URLSearchParams(
        Object.entries({ appointmentReasonId: scene.reason.id, speciesId: scene.dog.id, ...query }).map(
          ([key, value]): [string, string] => [key, String(value)],
        ),
      ).toString()}`,
      remoteAddress: newAddress(),
    });

  /** Makes a hold (and its reservation) expired a minute ago, as if 15 minutes had passed. */
  const expire = async (id: string) => {
    const past = new Date(Date.now() - 60_000);
    await db.update(softBookings).set({ expiresAt: past }).where(eq(softBookings.id, id));
    await setHoldExpiry(db, id, past);
  };

  const holdRow = async (id: string) => {
    const [row] = await db.select().from(softBookings).where(eq(softBookings.id, id));
    return row;
  };

  /** Reservations of holds of the practice's clinicians (any hold), newest last. */
  const holdReservations = (clinicianIds: number[]) =>
    db
      .select({
        softBookingId: clinicianReservations.softBookingId,
        appointmentId: clinicianReservations.appointmentId,
        clinicianId: clinicianReservations.clinicianId,
        during: clinicianReservations.during,
      })
      .from(clinicianReservations)
      .where(sql`${clinicianReservations.clinicianId} in ${clinicianIds}`)
      .orderBy(clinicianReservations.id);

  return { hold, held, replace, extend, complete, guestSearch, expire, holdRow, holdReservations };
}
