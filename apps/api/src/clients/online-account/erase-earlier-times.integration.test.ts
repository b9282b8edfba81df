import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { clients } from '@vet/db/schema/clients';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { emailOutbox } from '@vet/db/schema/system';
import { createClient } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { deleteOnlineAccount } from './delete-online-account.ts';
import {
  deleteAccount,
  earlierTimeOffer,
  linkedClientWithAppointment,
  recentSignIn,
  unique,
  useDeletionApp,
  type OfferState,
} from './testing/deletion-fixtures.ts';

/**
 * Security round three, finding 1 (docs/security/hardening.md): every earlier-time offer is a hold with
 * the client's personal data, which the offer references; the deletion must erase the client's requests,
 * offers and holds by the record, whatever state they are in, and match e-mails in any case.
 */

const database = useTestDatabase();
const { db } = database;
const context = useDeletionApp(database);

const count = async (query: Promise<unknown[]>) => (await query).length;

/** Whatever is left of an offer: its hold (with the client's data), reservation, offer row and request. */
async function leftOf(offer: Awaited<ReturnType<typeof earlierTimeOffer>>) {
  return {
    hold: await count(db.select().from(softBookings).where(eq(softBookings.id, offer.holdId))),
    reservation: await count(
      db.select().from(clinicianReservations).where(eq(clinicianReservations.softBookingId, offer.holdId)),
    ),
    offer: await count(db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.id, offer.offerId))),
    request: await count(
      db.select().from(earlierTimeRequests).where(eq(earlierTimeRequests.id, offer.requestId)),
    ),
    email: await count(db.select().from(emailOutbox).where(eq(emailOutbox.id, offer.emailId))),
  };
}

const nothing = { hold: 0, reservation: 0, offer: 0, request: 0, email: 0 };

describe('deleting the online account of a client who had earlier-time offers', () => {
  it.each<OfferState>(['Offered', 'Lapsed', 'Taken'])(
    'erases an offer %s with its hold, its request and its e-mail, and keeps the appointment',
    async (state) => {
      const scene = await linkedClientWithAppointment(db, context.provider);
      const offer = await earlierTimeOffer(db, scene, state);
      // Someone else's offer at the same practice is theirs.
      const other = await linkedClientWithAppointment(db, context.provider);
      const othersOffer = await earlierTimeOffer(db, other, state);

      const response = await deleteAccount(context.app, await recentSignIn(context.provider, scene.subject));

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: true, providerAccountDeleted: false });
      expect(await leftOf(offer)).toEqual(nothing);
      expect(await leftOf(othersOffer)).toMatchObject({ hold: 1, offer: 1, request: 1, email: 1 });
      const [record] = await db.select().from(clients).where(eq(clients.id, scene.client.id));
      expect(record?.identitySubject).toBeNull();
      const appointment = await db.execute(
        sql`select status from appointments where id = ${scene.appointment.id}`,
      );
      expect(appointment.rows).toEqual([{ status: 'Booked' }]);
    },
  );

  it('gives the time of a live offer back, to be offered to the line once the deletion has committed', async () => {
    const scene = await linkedClientWithAppointment(db, context.provider);
    const live = await earlierTimeOffer(db, scene, 'Offered');
    const timeFreed = vi.fn(async () => {
      // Told after the commit: the hold is gone for everyone by then.
      expect(await leftOf(live)).toEqual(nothing);
    });
    const identity = { issuer: context.provider.issuer, subject: scene.subject };

    await deleteOnlineAccount({ db, embeddedIssuer: undefined, timeFreed }, identity);

    expect(timeFreed).toHaveBeenCalledTimes(1);
    expect(timeFreed).toHaveBeenCalledWith([
      {
        practiceId: scene.practice.id,
        clinicianId: scene.clinician.id,
        startsAt: live.startsAt,
        endsAt: live.endsAt,
      },
    ]);
  });

  it('erases the holds and e-mails of a record whose e-mail is written with capitals', async () => {
    const email = `Grace.${unique()}@Example.COM`;
    const scene = await linkedClientWithAppointment(db, context.provider, { email });
    const lapsed = await earlierTimeOffer(db, scene, 'Lapsed');
    // A guest hold the person made before they were a client, under the same address in another case.
    const [guestHold] = await db
      .insert(softBookings)
      .values({
        practiceId: scene.practice.id,
        clinicianId: scene.clinician.id,
        reasonId: scene.reason.id,
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000 + 900_000),
        expiresAt: new Date(Date.now() - 60_000),
        status: 'Expired',
        firstName: 'Grace',
        lastName: scene.client.lastName,
        email: email.toLowerCase(),
        petName: 'Moss',
        speciesId: scene.pet.speciesId,
      })
      .returning({ id: softBookings.id });

    const response = await deleteAccount(context.app, await recentSignIn(context.provider, scene.subject));

    expect(response.statusCode).toBe(200);
    expect(await leftOf(lapsed)).toEqual(nothing);
    expect(await count(db.select().from(softBookings).where(eq(softBookings.id, guestHold!.id)))).toBe(0);
    const anyCase = await db.execute(
      sql`select id from soft_bookings where lower(email) = ${email.toLowerCase()}`,
    );
    expect(anyCase.rows).toEqual([]);
  });

  it('leaves alone the offers of another record under the same e-mail, and still completes', async () => {
    const email = `shared.${unique()}@example.test`;
    const scene = await linkedClientWithAppointment(db, context.provider, { email });
    const mine = await earlierTimeOffer(db, scene, 'Lapsed');
    // A second record with the same address (a household): its offer's hold is that record's.
    const household = await linkedClientWithAppointment(db, context.provider, { email: email.toUpperCase() });
    const theirs = await earlierTimeOffer(db, household, 'Lapsed');
    const unlinked = await createClient(db, { email });

    const response = await deleteAccount(context.app, await recentSignIn(context.provider, scene.subject));

    expect(response.statusCode).toBe(200);
    expect(await leftOf(mine)).toEqual(nothing);
    const kept = await db
      .select({ id: softBookings.id })
      .from(softBookings)
      .where(inArray(softBookings.id, [theirs.holdId]));
    expect(kept).toHaveLength(1);
    expect(
      await count(db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.id, theirs.offerId))),
    ).toBe(1);
    expect(await count(db.select().from(clients).where(eq(clients.id, unlinked.id)))).toBe(1);
  });
});
