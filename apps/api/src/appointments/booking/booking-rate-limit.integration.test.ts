import { bookingLimits } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { guestHelpers } from '../guests/testing/guest-fixtures.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from './testing/booking-fixtures.ts';

const database = useTestDatabase({ max: 20 });
// Unset (empty): the API's own limit, which the other test files raise out of reach.
const { context, signedInClient } = useSignedInTestApp(database, { env: { BOOKING_RATE_LIMIT_MAX: '' } });
const { db } = database;
const { book } = bookingHelpers(context, db);
const { held, complete } = guestHelpers(context, db);
const { bookingsPerIdentity, windowMinutes } = bookingLimits;

/** Finding 4 of the ASVS review: bookings had no limit per identity (decision 0057). */
describe('bookings per signed-in identity', () => {
  it(`answers the booking after ${bookingsPerIdentity} in ${windowMinutes} minutes with 429 and Retry-After; completions count too`, async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const hold = await held(scene, localInstant(localDay(4), '10:00'));
    expect((await complete(hold.softBookingId, scene.authorization)).statusCode).toBe(201);
    // Off the grid: each is answered 409 at once, and counted.
    const offGrid = localInstant(localDay(3), '10:07');
    for (let i = 1; i < bookingsPerIdentity; i += 1)
      expect((await book(scene, offGrid)).statusCode).toBe(409);

    const limited = await book(scene, localInstant(localDay(3), '10:00'));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(apiErrorSchema.parse(limited.json()).message).toMatch(/^Too many attempts\. Please try again in/);

    // Another client of the same practice is counted on their own.
    const other = await bookingScene(db, signedInClient);
    expect((await book(other, localInstant(localDay(3), '10:00'))).statusCode).toBe(201);
  });
});
