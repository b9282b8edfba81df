import { guestMessages, softBookingStatusSchema } from '@vet/contracts/guest-bookings';
import { softBookings } from '@vet/db/schema/appointments';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingScene, localDay, localInstant } from '../booking/testing/booking-fixtures.ts';
import { upsertPracticeAppointment } from '../../practice-system/desk-bookings/practice-booking-service.ts';
import {
  deskBody,
  practiceBookingDeps,
  withPracticeRefs,
} from '../../practice-system/desk-bookings/testing/practice-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { guestHelpers, newAddress } from './testing/guest-fixtures.ts';

/** Decision 0063: a guest whose held time the practice booked at its desk is told so when they next look. */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);
const { held, extend, replace } = guestHelpers(context, db);
const at = (days: number, time: string) => localInstant(localDay(days), time);

const look = (id: string) =>
  context.app.inject({ method: 'GET', url: `/guest/soft-bookings/${id}/state`, remoteAddress: newAddress() });

async function givenAwayHold(time: string) {
  const scene = await withPracticeRefs(db, await bookingScene(db, signedInClient));
  const hold = await held(scene, at(3, time));
  const start = new Date(hold.slot.startsAt);
  await upsertPracticeAppointment(
    practiceBookingDeps(db),
    `APT-G-${scene.refs.pet}`,
    deskBody(scene, start, new Date(start.getTime() + 30 * 60_000)),
  );
  return { scene, hold };
}

describe('GET /guest/soft-bookings/{softBookingId}/state', () => {
  it('says Held while the hold lives, and Ended once it has run out', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, at(3, '10:00'));
    const live = await look(hold.softBookingId);
    expect(live.statusCode).toBe(200);
    expect(softBookingStatusSchema.parse(live.json())).toEqual({ ...hold, state: 'Held' });

    await db
      .update(softBookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(softBookings.id, hold.softBookingId));
    expect(softBookingStatusSchema.parse((await look(hold.softBookingId)).json()).state).toBe('Ended');
  });

  it('says GivenAway once a practice booking took the time; extending or moving it says so too', async () => {
    const { scene, hold } = await givenAwayHold('11:00');
    expect(softBookingStatusSchema.parse((await look(hold.softBookingId)).json()).state).toBe('GivenAway');
    for (const response of [
      await extend(hold.softBookingId),
      await replace(scene, hold.softBookingId, at(3, '15:00')),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: guestMessages.holdGivenAway });
    }
  });

  it('answers 404 for an id that is no hold, and 409 for a replaced one', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, at(3, '13:00'));
    expect((await replace(scene, hold.softBookingId, at(3, '14:00'))).statusCode).toBe(201);
    expect((await look(hold.softBookingId)).json()).toMatchObject({
      statusCode: 409,
      message: guestMessages.holdReplaced,
    });
    expect((await look('not-a-hold')).statusCode).toBe(404);
    expect((await look(crypto.randomUUID())).statusCode).toBe(404);
  });
});
