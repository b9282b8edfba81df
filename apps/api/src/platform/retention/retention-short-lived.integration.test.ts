import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { softBookings } from '@vet/db/schema/appointments';
import { connectorRefusals } from '@vet/db/schema/connectors';
import { dataExportRequests } from '@vet/db/schema/data-exports';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { idpAccounts, idpModels, idpPasswordResets, webSessions } from '@vet/db/schema/identity';
import { linkStages } from '@vet/db/schema/onboarding';
import {
  createAppointment,
  createClient,
  createClinician,
  createInvitation,
  createPet,
  createPractice,
  createReason,
  createSpecies,
  createVerificationCode,
} from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { daysAgo, now, runRetention } from './testing/retention-test-kit.ts';

/** Decision 0119: what lives minutes or days goes a short tail after its end; what is live never goes. */
const database = useOwnDatabase('retention_short');
const MINUTE = 60_000;

/** Which of the ids are still in the table (as text: the tables' ids are numbers or uuids). */
async function stillThere(table: string, ids: (string | number)[]): Promise<string[]> {
  const { rows } = await database.current.db.execute<{ id: string }>(
    sql`select id::text as id from ${sql.identifier(table)} where id::text in ${ids.map(String)} order by id`,
  );
  return rows.map((row) => row.id);
}
const asText = (ids: (string | number)[]) => ids.map(String).sort();

async function practiceSetUp() {
  const { db } = database.current;
  const practice = await createPractice(db);
  const clinician = await createClinician(db, { practiceId: practice.id });
  const reason = await createReason(db);
  const species = await createSpecies(db);
  const client = await createClient(db, { homePracticeId: practice.id });
  const pet = await createPet(db, { clientId: client.id, speciesId: species.id });
  return { practice, clinician, reason, species, client, pet };
}

describe('applyRetention: holds, offers and requests', () => {
  it('deletes ended holds, offers and requests 30 days on; keeps a live hold and the hold of a kept offer', async () => {
    const { db } = database.current;
    const { practice, clinician, reason, species, client, pet } = await practiceSetUp();
    let minute = 0;
    const hold = async (status: 'Held' | 'Expired' | 'Converted', expiresAt: Date) => {
      minute += 30;
      const startsAt = new Date(now.getTime() + minute * MINUTE);
      const [row] = await db
        .insert(softBookings)
        .values({
          practiceId: practice.id,
          clinicianId: clinician.id,
          reasonId: reason.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 15 * MINUTE),
          expiresAt,
          status,
          firstName: 'Guest',
          lastName: 'Person',
          email: 'guest@example.test',
          petName: 'Rex',
          speciesId: species.id,
        })
        .returning({ id: softBookings.id });
      return row!.id;
    };
    const holds = [
      await hold('Expired', daysAgo(31)),
      await hold('Converted', daysAgo(29)),
      await hold('Held', daysAgo(40)),
    ];
    const offeredHolds = [await hold('Expired', daysAgo(31)), await hold('Expired', daysAgo(31))];
    const appointment = await createAppointment(db, {
      practiceId: practice.id,
      clinicianId: clinician.id,
      clientId: client.id,
      petId: pet.id,
      reasonId: reason.id,
      startsAt: daysAgo(10),
      endsAt: new Date(daysAgo(10).getTime() + 15 * MINUTE),
    });
    const request = async (status: 'Ended' | 'Waiting', endedAt: Date | null) => {
      const [row] = await db
        .insert(earlierTimeRequests)
        .values({
          appointmentId: appointment.id,
          clientId: client.id,
          practiceId: practice.id,
          latestDate: '2026-01-01',
          status,
          endedAt,
        })
        .returning({ id: earlierTimeRequests.id });
      return row!.id;
    };
    const requests = [
      await request('Ended', daysAgo(31)),
      await request('Ended', daysAgo(31)),
      await request('Ended', daysAgo(29)),
    ];
    const offer = async (requestId: number, softBookingId: string, expiresAt: Date) => {
      const [row] = await db
        .insert(earlierTimeOffers)
        .values({
          requestId,
          softBookingId,
          clinicianId: clinician.id,
          startsAt: now,
          endsAt: now,
          expiresAt,
          tokenHash: `hash-${softBookingId}`,
          status: 'Lapsed',
        })
        .returning({ id: earlierTimeOffers.id });
      return row!.id;
    };
    // Offer 0 ended 31 days ago: it goes, then its hold and request. Offer 1 ended 29 days ago: all stay.
    const offers = [
      await offer(requests[0]!, offeredHolds[0]!, daysAgo(31)),
      await offer(requests[1]!, offeredHolds[1]!, daysAgo(29)),
    ];

    await runRetention(db);
    expect(await stillThere('earlier_time_offers', offers)).toEqual([offers[1]]);
    expect(await stillThere('earlier_time_requests', requests)).toEqual(asText(requests.slice(1)));
    expect(await stillThere('soft_bookings', [...holds, ...offeredHolds])).toEqual(
      asText([holds[1]!, holds[2]!, offeredHolds[1]!]),
    );
  });
});

describe('applyRetention: codes, links and sessions', () => {
  it('deletes codes 30 days and invitations 90 days after expiry; keeps them before', async () => {
    const { db } = database.current;
    const client = await createClient(db);
    const code = (expiresAt: Date) =>
      createVerificationCode(db, {
        clientId: client.id,
        identityIssuer: 'https://idp.example',
        identitySubject: 's',
        expiresAt,
      });
    const codes = [(await code(daysAgo(31))).id, (await code(daysAgo(29))).id];
    const invitation = (expiresAt: Date) =>
      createInvitation(db, { clientId: client.id, practiceId: client.homePracticeId, expiresAt });
    const invites = [(await invitation(daysAgo(91))).id, (await invitation(daysAgo(89))).id];
    await runRetention(db);
    expect(await stillThere('verification_codes', codes)).toEqual([String(codes[1])]);
    expect(await stillThere('invitations', invites)).toEqual([String(invites[1])]);
  });

  it('deletes sessions, provider records and password resets a week after they ended', async () => {
    const { db } = database.current;
    const session = async (expiresAt: Date, lastSeenAt: Date) => {
      const [row] = await db
        .insert(webSessions)
        .values({
          tokenHash: `hash-${Math.random()}`,
          identityIssuer: 'https://idp.example',
          identitySubject: 's',
          providerId: 'auth0',
          accessToken: 'token',
          refreshToken: 'refresh',
          accessTokenExpiresAt: expiresAt,
          expiresAt,
          lastSeenAt,
        })
        .returning({ id: webSessions.id });
      return row!.id;
    };
    const sessions = [
      await session(daysAgo(8), daysAgo(9)),
      await session(daysAgo(1), daysAgo(6)),
      await session(daysAgo(-20), daysAgo(8)),
    ];
    await db.insert(idpModels).values([
      { model: 'Session', id: 'old', payload: {}, expiresAt: daysAgo(8) },
      { model: 'Session', id: 'recent', payload: {}, expiresAt: daysAgo(6) },
      { model: 'Grant', id: 'for-ever', payload: {}, expiresAt: null },
    ]);
    const [account] = await db
      .insert(idpAccounts)
      .values({ email: `reset-${Math.random()}@example.test`, passwordHash: 'x' })
      .returning({ id: idpAccounts.id });
    const resets = await db
      .insert(idpPasswordResets)
      .values(
        [daysAgo(8), daysAgo(6)].map((expiresAt, n) => ({
          accountId: account!.id,
          tokenHash: `reset-${n}-${Math.random()}`,
          expiresAt,
        })),
      )
      .returning({ id: idpPasswordResets.id });

    await runRetention(db);
    expect(await stillThere('web_sessions', sessions)).toEqual([sessions[1]]);
    const models = await db.select({ id: idpModels.id }).from(idpModels);
    expect(models.map((row) => row.id).sort()).toEqual(['for-ever', 'recent']);
    expect(
      await stillThere(
        'idp_password_resets',
        resets.map((row) => row.id),
      ),
    ).toEqual([resets[1]!.id]);
  });

  it('deletes link stages and export requests after a year, and connector refusals unseen for 90 days', async () => {
    const { db } = database.current;
    const practice = await createPractice(db);
    await db.insert(linkStages).values([
      {
        identityIssuer: 'https://idp.example',
        identitySubject: 'old',
        stage: 'contact_practice',
        practiceId: practice.id,
        recordedAt: daysAgo(366),
      },
      {
        identityIssuer: 'https://idp.example',
        identitySubject: 'new',
        stage: 'contact_practice',
        practiceId: practice.id,
        recordedAt: daysAgo(364),
      },
    ]);
    const exports = await db
      .insert(dataExportRequests)
      .values(
        [daysAgo(366), daysAgo(364)].map((requestedAt) => ({
          identityIssuer: 'https://idp.example',
          identitySubject: 's',
          requestedAt,
        })),
      )
      .returning({ id: dataExportRequests.id });
    const refusals = await db
      .insert(connectorRefusals)
      .values(
        [daysAgo(91), daysAgo(89)].map((seenAt, n) => ({
          name: 'pms',
          direction: 'read',
          kind: 'client',
          ref: `C${n}`,
          reasons: [],
          seenAt,
        })),
      )
      .returning({ id: connectorRefusals.id });
    await runRetention(db);
    const stages = await db.select({ subject: linkStages.identitySubject }).from(linkStages);
    expect(stages).toEqual([{ subject: 'new' }]);
    expect(
      await stillThere(
        'data_export_requests',
        exports.map((row) => row.id),
      ),
    ).toEqual([String(exports[1]!.id)]);
    expect(
      await stillThere(
        'connector_refusals',
        refusals.map((row) => row.id),
      ),
    ).toEqual([String(refusals[1]!.id)]);
  });
});
