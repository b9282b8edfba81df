import { randomUUID } from 'node:crypto';
import { onlineAccountDeletedSchema } from '@vet/contracts/online-account';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { clientChanges } from '@vet/db/schema/client-changes';
import { clients, contactPreferences } from '@vet/db/schema/clients';
import { dataExportRequests } from '@vet/db/schema/data-exports';
import { idpAccounts, idpModels, idpPasswordResets, webSessions } from '@vet/db/schema/identity';
import { invitations, linkStages, verificationCodes } from '@vet/db/schema/onboarding';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { emailOutbox } from '@vet/db/schema/system';
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
import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';

const database = useTestDatabase();
const { db } = database;
/** Stands in for the embedded provider: the API is told its issuer is the embedded one. */
let embedded: TestIdentityProvider;
let external: TestIdentityProvider;
let app: App;

beforeAll(async () => {
  embedded = await startTestIdentityProvider();
  external = await startTestIdentityProvider();
  app = await buildTestApp(database, {
    env: { ...trustingEnv(embedded, external), EMBEDDED_ISSUER: embedded.issuer },
  });
});
afterAll(async () => {
  await app.close();
  await embedded.close();
  await external.close();
});

const unique = () => randomUUID().slice(0, 8);

/** A token of a sign-in `secondsAgo` (decision 0079: deleting needs one within ten minutes). */
const signedIn = (provider: TestIdentityProvider, sub: string, secondsAgo = 5) =>
  provider.sign({ claims: { sub, auth_time: Math.floor(Date.now() / 1000) - secondsAgo } });

/** An account of the embedded provider, signed in at the provider and in the portal. */
async function embeddedAccount(email = `person-${unique()}@example.test`) {
  const [account] = await db
    .insert(idpAccounts)
    .values({ email, passwordHash: 'not-a-real-hash', emailVerified: true })
    .returning({ id: idpAccounts.id });
  const accountId = account!.id;
  const grantId = `grant-${unique()}`;
  const models = await db
    .insert(idpModels)
    .values([
      { model: 'Session', id: `session-${unique()}`, payload: { accountId } },
      { model: 'Grant', id: grantId, payload: { accountId } },
      { model: 'RefreshToken', id: `rt-${unique()}`, payload: { accountId, grantId }, grantId },
      // Issued under the account's grant, without naming the account.
      { model: 'AccessToken', id: `at-${unique()}`, payload: { grantId }, grantId },
    ])
    .returning({ id: idpModels.id });
  await db.insert(idpPasswordResets).values({
    accountId,
    tokenHash: `reset-${unique()}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { accountId, email, modelIds: models.map((model) => model.id) };
}

async function portalSession(issuer: string, subject: string) {
  const [row] = await db
    .insert(webSessions)
    .values({
      tokenHash: `token-${randomUUID()}`,
      identityIssuer: issuer,
      identitySubject: subject,
      providerId: 'azure-ad',
      accessToken: 'access',
      accessTokenExpiresAt: new Date(Date.now() + 300_000),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: webSessions.id });
  return row!.id;
}

/** A guest hold made with the e-mail; live ones own their clinician's time. */
async function guestHold(email: string, practiceId: number, options: { live: boolean }) {
  const clinician = await createClinician(db, { practiceId });
  const reason = await createReason(db);
  const pet = await createSpecies(db);
  const startsAt = new Date(Date.now() + 86_400_000 + Math.floor(Math.random() * 1e9));
  const endsAt = new Date(startsAt.getTime() + 15 * 60_000);
  const expiresAt = new Date(Date.now() + (options.live ? 600_000 : -600_000));
  const [hold] = await db
    .insert(softBookings)
    .values({
      practiceId,
      clinicianId: clinician.id,
      reasonId: reason.id,
      startsAt,
      endsAt,
      expiresAt,
      status: options.live ? 'Held' : 'Expired',
      firstName: 'Sam',
      lastName: 'Guest',
      email,
      petName: 'Rex',
      speciesId: pet.id,
    })
    .returning({ id: softBookings.id });
  if (options.live) {
    await db.insert(clinicianReservations).values({
      clinicianId: clinician.id,
      during: `[${startsAt.toISOString()},${endsAt.toISOString()})`,
      softBookingId: hold!.id,
      holdExpiresAt: expiresAt,
    });
  }
  return hold!.id;
}

async function deleteAccount(token: string, body: unknown = { confirmation: 'DELETE' }) {
  return app.inject({
    method: 'POST',
    url: '/client/online-account/delete',
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });
}

const eventsOf = (clientId: number) =>
  db
    .select({ type: practiceEvents.type, data: practiceEvents.data })
    .from(practiceEvents)
    .where(and(eq(practiceEvents.recordKind, 'client'), eq(practiceEvents.recordId, clientId)));

const rowsOf = async <T>(query: Promise<T[]>) => (await query).length;

describe('POST /client/online-account/delete', () => {
  it('erases what the portal owns, deletes the embedded account, and the practice keeps the record', async () => {
    const { accountId, email, modelIds } = await embeddedAccount();
    const bystander = await embeddedAccount();
    const practice = await createPractice(db);
    const client = await createClient(db, {
      homePracticeId: practice.id,
      identityIssuer: embedded.issuer,
      identitySubject: accountId,
      linkedAt: new Date(),
    });
    const pet = await createPet(db, { clientId: client.id });
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    const appointment = await createAppointment(db, {
      practiceId: practice.id,
      clinicianId: (await createClinician(db, { practiceId: practice.id })).id,
      reasonId: (await createReason(db)).id,
      clientId: client.id,
      petId: pet.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 15 * 60_000),
    });
    await db.insert(contactPreferences).values({
      clientId: client.id,
      purpose: 'reminders',
      channel: 'email',
      optedIn: true,
    });
    // The practice's estimate (answered online) and bill: its records, kept with the client (0151, 0153).
    const billOf = { practiceId: practice.id, clientId: client.id };
    const line = [{ unitPricePence: 9_000, petId: pet.id }];
    const estimate = await createEstimate(
      db,
      { ...billOf, answer: 'accepted', answeredAt: new Date() },
      line,
    );
    const invoice = await createInvoice(db, billOf, line);
    const actor = { actorIssuer: embedded.issuer, actorSubject: accountId, changedAt: new Date() };
    await db.insert(clientChanges).values([
      { clientId: client.id, kind: 'details', changes: { fields: ['town'] }, ...actor },
      {
        clientId: client.id,
        kind: 'contact_preferences',
        changes: { preferences: [{ purpose: 'reminders', channel: 'email', from: false, to: true }] },
        ...actor,
      },
      {
        clientId: client.id,
        kind: 'contact_preferences',
        changes: { preferences: [] },
        ...actor,
      },
    ]);
    await createVerificationCode(db, {
      clientId: client.id,
      identityIssuer: embedded.issuer,
      identitySubject: accountId,
      usedAt: new Date(),
    });
    const used = await createInvitation(db, { clientId: client.id, usedAt: new Date() });
    const unused = await createInvitation(db, { clientId: client.id });
    const liveHold = await guestHold(email, practice.id, { live: true });
    const pastHold = await guestHold(email, practice.id, { live: false });
    const someoneElsesHold = await guestHold(`other-${unique()}@example.test`, practice.id, { live: true });
    const mail = (status: 'pending' | 'sent' | 'failed') => ({
      toAddress: email.toUpperCase(),
      subject: 'Your code',
      textBody: 'Code 123456',
      status,
    });
    const outbox = await db
      .insert(emailOutbox)
      .values([mail('sent'), mail('failed'), mail('pending')])
      .returning({ id: emailOutbox.id, status: emailOutbox.status });
    await portalSession(embedded.issuer, accountId);
    await portalSession(embedded.issuer, accountId);
    const otherSession = await portalSession(embedded.issuer, randomUUID());

    const token = await signedIn(embedded, accountId);
    const response = await deleteAccount(token);

    expect(response.statusCode).toBe(200);
    expect(onlineAccountDeletedSchema.strict().parse(response.json())).toEqual({
      deleted: true,
      providerAccountDeleted: true,
    });
    // The record stays with the practice, unlinked, with its pets, appointments and preferences.
    const [kept] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(kept).toMatchObject({
      identityIssuer: null,
      identitySubject: null,
      linkedAt: null,
      firstName: client.firstName,
      email: client.email,
    });
    expect(
      await rowsOf(db.select().from(contactPreferences).where(eq(contactPreferences.clientId, client.id))),
    ).toBe(1);
    expect(await rowsOf(db.execute(sql`select 1 from pets where id = ${pet.id}`).then((r) => r.rows))).toBe(
      1,
    );
    expect(
      await rowsOf(
        db.execute(sql`select 1 from appointments where id = ${appointment.id}`).then((r) => r.rows),
      ),
    ).toBe(1);
    const bills = await db.execute(sql`
      select (select answer from practice_estimates where id = ${estimate.id}) as answer,
        (select count(*)::int from practice_invoice_lines where invoice_id = ${invoice.id}) as invoice_lines`);
    expect(bills.rows).toEqual([{ answer: 'accepted', invoice_lines: 1 }]);
    // Consent history kept, pseudonymised with one pseudonym; the detail-change audit gone.
    const history = await db.select().from(clientChanges).where(eq(clientChanges.clientId, client.id));
    expect(history.map((row) => row.kind)).toEqual(['contact_preferences', 'contact_preferences']);
    expect(new Set(history.map((row) => `${row.actorIssuer} ${row.actorSubject}`)).size).toBe(1);
    expect(history[0]).toMatchObject({ actorIssuer: 'erased-online-account' });
    expect(history[0]!.actorSubject).not.toBe(accountId);
    // Onboarding: codes and used invitations gone; an invitation not used yet is the practice's.
    expect(
      await rowsOf(db.select().from(verificationCodes).where(eq(verificationCodes.clientId, client.id))),
    ).toBe(0);
    expect(
      (
        await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.clientId, client.id))
      ).map((row) => row.id),
    ).toEqual([unused.id]);
    expect(used.id).not.toBe(unused.id);
    // Guest holds of the person's e-mail gone (the live one's time freed); someone else's stays.
    const holds = await db.select({ id: softBookings.id }).from(softBookings);
    const holdIds = holds.map((hold) => hold.id);
    expect(holdIds).not.toContain(liveHold);
    expect(holdIds).not.toContain(pastHold);
    expect(holdIds).toContain(someoneElsesHold);
    expect(
      await rowsOf(
        db.select().from(clinicianReservations).where(eq(clinicianReservations.softBookingId, liveHold)),
      ),
    ).toBe(0);
    // The outbox's copies of sent e-mails go; one still to send stays.
    const left = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          outbox.map((row) => row.id),
        ),
      );
    expect(left).toEqual([{ status: 'pending' }]);
    // Every session: the portal's and the provider's; the account and its resets.
    expect(
      await rowsOf(db.select().from(webSessions).where(eq(webSessions.identitySubject, accountId))),
    ).toBe(0);
    expect(await rowsOf(db.select().from(webSessions).where(eq(webSessions.id, otherSession)))).toBe(1);
    expect(await rowsOf(db.select().from(idpModels).where(inArray(idpModels.id, modelIds)))).toBe(0);
    expect(await rowsOf(db.select().from(idpModels).where(inArray(idpModels.id, bystander.modelIds)))).toBe(
      4,
    );
    expect(await rowsOf(db.select().from(idpAccounts).where(eq(idpAccounts.id, bystander.accountId)))).toBe(
      1,
    );
    expect(await rowsOf(db.select().from(idpAccounts).where(eq(idpAccounts.id, accountId)))).toBe(0);
    expect(
      await rowsOf(db.select().from(idpPasswordResets).where(eq(idpPasswordResets.accountId, accountId))),
    ).toBe(0);
    // The practice system is told, in the same transaction.
    const events = await eventsOf(client.id);
    expect(events.map((event) => event.type)).toEqual(['client.online_account_deleted']);
    expect(events[0]?.data).toEqual({
      client_id: client.id,
      client_ref: client.pmsRef,
      deleted_at: (kept?.updatedAt ?? new Date(0)).toISOString(),
    });
    // The token still verifies for its last minutes, but finds no client record any more.
    const profile = await app.inject({
      method: 'GET',
      url: '/client/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({ activationStatus: 'NOT_STARTED', clientId: null });
  });

  it('deletes the same e-mail’s account so that it can sign up again as a newcomer', async () => {
    const { accountId, email } = await embeddedAccount();
    const response = await deleteAccount(await signedIn(embedded, accountId));
    expect(response.statusCode).toBe(200);
    const [again] = await db
      .insert(idpAccounts)
      .values({ email, passwordHash: 'new-hash' })
      .returning({ id: idpAccounts.id });
    expect(again!.id).not.toBe(accountId);
  });

  it('serialises two requests at once: the second changes nothing and answers the same', async () => {
    const { accountId } = await embeddedAccount();
    const client = await createClient(db, {
      identityIssuer: embedded.issuer,
      identitySubject: accountId,
      linkedAt: new Date(),
    });
    const token = await signedIn(embedded, accountId);
    // Hold the record's row, so both requests are in flight at once before either can finish.
    const holder = await database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from clients where id = $1 for update', [client.id]);
      const both = Promise.all([deleteAccount(token), deleteAccount(token)]);
      // One waits for the record's row, the other for the deletion's lock on the identity (only this
      // module's statements look like these, whatever other test files run at the same time).
      const waiting = async () =>
        (
          await database.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where wait_event_type = 'Lock'
               and (query like 'select pg_advisory_xact_lock(%hashtext(% || '' '' || %'
                    or query like 'select "id", "pms_ref", "email", "mobile_phone" from "clients"%for update')`,
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBe(2);
      await holder.query('commit');
      const [first, second] = await both;
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(first.json()).toEqual(second.json());
    } finally {
      holder.release();
    }
    expect(await eventsOf(client.id)).toHaveLength(1);
    const [kept] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(kept?.identitySubject).toBeNull();
  });

  it('deletes a person never linked: their sessions, codes and provider account; no event', async () => {
    const { accountId } = await embeddedAccount();
    const record = await createClient(db);
    await createVerificationCode(db, {
      clientId: record.id,
      identityIssuer: embedded.issuer,
      identitySubject: accountId,
    });
    await portalSession(embedded.issuer, accountId);
    // Where their link stood, and the record of their own data exports: the online account's too.
    await db.insert(linkStages).values({
      identityIssuer: embedded.issuer,
      identitySubject: accountId,
      stage: 'invitation_expected',
      practiceId: record.homePracticeId,
    });
    await db
      .insert(dataExportRequests)
      .values({ identityIssuer: embedded.issuer, identitySubject: accountId, clientId: null });
    const response = await deleteAccount(await signedIn(embedded, accountId));
    expect(response.statusCode).toBe(200);
    expect(
      await rowsOf(
        db.select().from(verificationCodes).where(eq(verificationCodes.identitySubject, accountId)),
      ),
    ).toBe(0);
    expect(await rowsOf(db.select().from(linkStages).where(eq(linkStages.identitySubject, accountId)))).toBe(
      0,
    );
    expect(
      await rowsOf(
        db.select().from(dataExportRequests).where(eq(dataExportRequests.identitySubject, accountId)),
      ),
    ).toBe(0);
    expect(
      await rowsOf(db.select().from(webSessions).where(eq(webSessions.identitySubject, accountId))),
    ).toBe(0);
    expect(await rowsOf(db.select().from(idpAccounts).where(eq(idpAccounts.id, accountId)))).toBe(0);
    // The record the code was for is not theirs: it stays as it was, and the practice is told nothing.
    expect(await eventsOf(record.id)).toEqual([]);
    expect(await rowsOf(db.select().from(clients).where(eq(clients.id, record.id)))).toBe(1);
  });

  it('with an external provider unlinks and ends the portal sessions, and leaves the provider alone', async () => {
    const subject = randomUUID();
    // An embedded account that happens to have the same id must not be touched by another issuer's token.
    const [lookalike] = await db
      .insert(idpAccounts)
      .values({ id: subject, email: `lookalike-${unique()}@example.test`, passwordHash: 'x' })
      .returning({ id: idpAccounts.id });
    const client = await createClient(db, {
      identityIssuer: external.issuer,
      identitySubject: subject,
      linkedAt: new Date(),
    });
    await portalSession(external.issuer, subject);
    const response = await deleteAccount(await signedIn(external, subject));
    expect(response.json()).toEqual({ deleted: true, providerAccountDeleted: false });
    const [kept] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(kept?.identitySubject).toBeNull();
    expect(await rowsOf(db.select().from(webSessions).where(eq(webSessions.identitySubject, subject)))).toBe(
      0,
    );
    expect(await rowsOf(db.select().from(idpAccounts).where(eq(idpAccounts.id, lookalike!.id)))).toBe(1);
    expect(await eventsOf(client.id)).toHaveLength(1);
  });

  it.each([{}, { confirmation: 'delete' }, { confirmation: 'YES' }])(
    'refuses %j with 400 and deletes nothing',
    async (body) => {
      const { accountId } = await embeddedAccount();
      const client = await createClient(db, {
        identityIssuer: embedded.issuer,
        identitySubject: accountId,
        linkedAt: new Date(),
      });
      const response = await deleteAccount(await signedIn(embedded, accountId), body);
      expect(response.statusCode).toBe(400);
      const [kept] = await db.select().from(clients).where(eq(clients.id, client.id));
      expect(kept?.identitySubject).toBe(accountId);
      expect(await rowsOf(db.select().from(idpAccounts).where(eq(idpAccounts.id, accountId)))).toBe(1);
    },
  );

  it('refuses a sign-in older than ten minutes with 403 reauthentication_required, deleting nothing', async () => {
    const { accountId } = await embeddedAccount();
    const client = await createClient(db, {
      identityIssuer: embedded.issuer,
      identitySubject: accountId,
      linkedAt: new Date(),
    });
    for (const token of [
      await signedIn(embedded, accountId, 11 * 60),
      await embedded.sign({ claims: { sub: accountId } }),
    ]) {
      const response = await deleteAccount(token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'reauthentication_required' });
    }
    const [kept] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(kept?.identitySubject).toBe(accountId);
    expect(await rowsOf(db.select().from(idpAccounts).where(eq(idpAccounts.id, accountId)))).toBe(1);
    expect(await eventsOf(client.id)).toEqual([]);
  });

  it('refuses without a sign-in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/client/online-account/delete',
      payload: { confirmation: 'DELETE' },
    });
    expect(response.statusCode).toBe(401);
  });
});
