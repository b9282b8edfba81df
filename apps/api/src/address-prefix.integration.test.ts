import { apiErrorSchema } from '@vet/contracts/errors';
import { guestMessages } from '@vet/contracts/guest-bookings';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { bookingScene, localDay, localInstant } from './appointments/booking/testing/booking-fixtures.ts';
import { guestHelpers } from './appointments/guests/testing/guest-fixtures.ts';
import { useSignedInTestApp } from './testing/signed-in-app.ts';

/**
 * Decision 0058 (docs/security/hardening.md, round two, finding 5): an IPv6 host is given a whole /64 and may
 * take a fresh address from it for every request, so every per-address limit counts a /64 as one client. The
 * global limit's own test is in plugins/rate-limit.integration.test.ts.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { hold, held } = guestHelpers(context, db);

/** A /64 of the documentation range for each test: the live holds are counted in the shared database. */
function newPrefix(): string {
  const [a, b] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8:${a!.toString(16)}:${b!.toString(16)}`;
}

const uniqueEmail = () => `prefix.${crypto.randomUUID()}@example.net`;

describe('one IPv6 /64 is one client', () => {
  it('for the live guest holds (5 per address), whose stored address hash is the /64’s', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(5);
    const prefix = newPrefix();
    for (const [index, time] of ['13:00', '13:30', '14:00', '14:30', '15:00'].entries()) {
      await held(scene, localInstant(date, time), { address: `${prefix}::${index + 1}` });
    }
    const sixth = await hold(scene, localInstant(date, '15:30'), { address: `${prefix}:ffff::6` });
    expect(sixth.statusCode).toBe(429);
    expect(apiErrorSchema.parse(sixth.json()).message).toBe(guestMessages.tooManyHoldsForAddress);
    const nextPrefix = await hold(scene, localInstant(date, '15:30'), { address: `${newPrefix()}::1` });
    expect(nextPrefix.statusCode).toBe(201);
  });

  it('for the guest slot search (60 in 10 minutes per address)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const query = `appointmentReasonId=${scene.reason.id}&speciesId=${scene.dog.id}`;
    const search = (remoteAddress: string) =>
      context.app.inject({
        url: `/guest/practices/${scene.practice.id}/appointment-slots?${query}`,
        remoteAddress,
      });
    const prefix = newPrefix();
    const statuses: number[] = [];
    for (let i = 1; i <= 61; i += 1) statuses.push((await search(`${prefix}::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(60).fill(200), 429]);
    expect((await search(`${newPrefix()}::1`)).statusCode).toBe(200);
  });

  it('for the pre-signup check (10 in 10 minutes per address)', async () => {
    const practice = await createPractice(db, { phone: '01632 960999' });
    const check = (remoteAddress: string) =>
      context.app.inject({
        url: '/pre-signup/check',
        query: {
          // A name of its own each time: the check's budget per last name and postcode (decision 0056)
          // is not what this test is about.
          LastName: `Smith-${crypto.randomUUID().replace(/[^a-f]/g, '')}`,
          Postcode: 'SW4 0LN',
          Email: uniqueEmail(),
          PracticeId: String(practice.id),
        },
        remoteAddress,
      });
    const prefix = newPrefix();
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1)
      statuses.push((await check(`${prefix}:${i.toString(16)}::1`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect((await check(`${newPrefix()}::1`)).statusCode).toBe(200);
  });
});
