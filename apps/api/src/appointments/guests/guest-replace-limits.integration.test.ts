import { apiErrorSchema } from '@vet/contracts/errors';
import { guestHoldLimits, guestMessages, softBookingSchema } from '@vet/contracts/guest-bookings';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingScene, localDay, localInstant } from '../booking/testing/booking-fixtures.ts';
import { guestHelpers, newAddress } from './testing/guest-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { held, replace, extend, expire, holdRow } = guestHelpers(context, db);

/** As if the hold had lived most of its time: its expiry (and its reservation's) a minute away. */
async function nearlyOver(id: string): Promise<Date> {
  const deadline = new Date(Date.now() + 60_000);
  await db.update(softBookings).set({ expiresAt: deadline }).where(eq(softBookings.id, id));
  await db
    .update(clinicianReservations)
    .set({ holdExpiresAt: deadline })
    .where(eq(clinicianReservations.softBookingId, id));
  return deadline;
}

/** Live holds made from an address (its hash is what the limit counts). */
const liveHoldsOf = async (hash: string | null | undefined) =>
  hash
    ? db
        .select({ id: softBookings.id })
        .from(softBookings)
        .where(
          and(
            eq(softBookings.clientAddressHash, hash),
            eq(softBookings.status, 'Held'),
            gt(softBookings.expiresAt, new Date()),
          ),
        )
    : [];

/** Finding 3 of the ASVS review: a replace was a way round every limit of holds (decision 0057). */
describe('replacing a hold within the hold limits', () => {
  it('keeps the original hold’s deadline and extensions: replacing gives no more time', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(3);
    const original = await held(scene, localInstant(date, '09:00'));
    expect((await extend(original.softBookingId)).statusCode).toBe(200);
    const deadline = await nearlyOver(original.softBookingId);

    // Onto the same start, and onto another: the deadline stays where it was.
    const same = await replace(scene, original.softBookingId, localInstant(date, '09:00'));
    expect(same.statusCode).toBe(201);
    const moved = softBookingSchema.parse(same.json());
    expect(moved.expiresAt).toBe(deadline.toISOString());
    expect(moved.extensionsLeft).toBe(2);
    const again = await replace(scene, moved.softBookingId, localInstant(date, '10:00'));
    expect(softBookingSchema.parse(again.json()).expiresAt).toBe(deadline.toISOString());
    const [reservation] = await db
      .select({ holdExpiresAt: clinicianReservations.holdExpiresAt })
      .from(clinicianReservations)
      .where(eq(clinicianReservations.softBookingId, softBookingSchema.parse(again.json()).softBookingId));
    expect(reservation?.holdExpiresAt?.toISOString()).toBe(deadline.toISOString());
  });

  it('refuses to replace a hold that has expired (409 in plain words), leaving it as it was', async () => {
    const scene = await bookingScene(db, signedInClient);
    const original = await held(scene, localInstant(localDay(3), '11:00'));
    await expire(original.softBookingId);
    const response = await replace(scene, original.softBookingId, localInstant(localDay(3), '11:30'));
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).message).toBe(guestMessages.holdExpired);
    expect(await holdRow(original.softBookingId)).toMatchObject({ status: 'Held', replacesId: null });
    const replacements = await db
      .select({ id: softBookings.id })
      .from(softBookings)
      .where(eq(softBookings.replacesId, original.softBookingId));
    expect(replacements).toEqual([]);
  });

  it('keeps no more live holds per address than the limit through create, expire and replace', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(4);
    const address = newAddress();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '13:00', '13:30', '14:00', '14:30', '15:00'];
    const first = [];
    for (const time of times.slice(0, guestHoldLimits.perAddress)) {
      first.push(await held(scene, localInstant(date, time), { address }));
    }
    for (const hold of first) await expire(hold.softBookingId);
    const second = [];
    for (const time of times.slice(guestHoldLimits.perAddress)) {
      second.push(await held(scene, localInstant(date, time), { address }));
    }
    // Replacing the expired ones from the same address would have made them live again.
    for (const [index, hold] of first.entries()) {
      const response = await replace(
        scene,
        hold.softBookingId,
        localInstant(localDay(5), times[index]!),
        address,
      );
      expect(response.statusCode).toBe(409);
    }
    const hash = (await holdRow(second[0]!.softBookingId))?.clientAddressHash;
    expect(await liveHoldsOf(hash)).toHaveLength(guestHoldLimits.perAddress);
  });

  it('counts the new hold toward the live holds of the address that replaces (429), the original standing', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(5);
    const busy = newAddress();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00'];
    for (const time of times) await held(scene, localInstant(date, time), { address: busy });
    const original = await held(scene, localInstant(date, '13:00'));

    const response = await replace(scene, original.softBookingId, localInstant(date, '14:00'), busy);
    expect(response.statusCode).toBe(429);
    expect(apiErrorSchema.parse(response.json()).message).toBe(guestMessages.tooManyHoldsForAddress);
    expect((await holdRow(original.softBookingId))?.status).toBe('Held');
  });

  it('lets a guest at the e-mail’s limit move one of their holds: the original no longer counts', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(6);
    const email = `moving-${crypto.randomUUID()}@example.test`;
    const address = newAddress();
    const one = await held(scene, localInstant(date, '09:00'), { email, address });
    await held(scene, localInstant(date, '09:30'), { email, address });
    const response = await replace(scene, one.softBookingId, localInstant(date, '10:00'), address);
    expect(response.statusCode).toBe(201);
    expect((await holdRow(one.softBookingId))?.status).toBe('Replaced');
  });
});
