import { dataExportSchema } from '@vet/contracts/data-export';
import { apiErrorSchema } from '@vet/contracts/errors';
import { appointments } from '@vet/db/schema/appointments';
import { clientChanges } from '@vet/db/schema/client-changes';
import { contactPreferences } from '@vet/db/schema/clients';
import { dataExportRequests } from '@vet/db/schema/data-exports';
import { webSessions } from '@vet/db/schema/identity';
import { prescriptionRequestItems, prescriptionRequests } from '@vet/db/schema/prescriptions';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

const database = useTestDatabase();
const { context } = useSignedInTestApp(database);

const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

/** A bearer for `subject`, signed in `signedInSecondsAgo` ago (null: no auth_time claim). */
async function bearer(subject: string, signedInSecondsAgo: number | null = 5) {
  const claims: Record<string, unknown> = {
    sub: subject,
    email: `${subject}@example.test`,
    email_verified: true,
  };
  if (signedInSecondsAgo !== null) claims.auth_time = secondsAgo(signedInSecondsAgo);
  return `Bearer ${await context.provider.sign({ claims })}`;
}

/** A linked client with a pet, an appointment, preferences with their history and a session. */
async function clientWithEverything(label: string) {
  const subject = `subject-${crypto.randomUUID()}`;
  const practice = await createPractice(database.db, { name: `${label} Practice` });
  const client = await createClient(database.db, {
    firstName: `${label}first`,
    lastName: `${label}last`,
    email: `${label.toLowerCase()}@example.test`,
    postcode: 'SW1A 1AA',
    homePracticeId: practice.id,
    identityIssuer: context.provider.issuer,
    identitySubject: subject,
    linkedAt: new Date(),
  });
  const pet = await createPet(database.db, { clientId: client.id, name: `${label}pet` });
  const clinician = await createClinician(database.db, { practiceId: practice.id, lastName: `${label}vet` });
  const reason = await createReason(database.db, { name: `${label} check ${crypto.randomUUID()}` });
  const startsAt = new Date(Date.now() + 86_400_000);
  const appointment = await createAppointment(database.db, {
    practiceId: practice.id,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: reason.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 900_000),
  });
  await database.db.insert(contactPreferences).values([
    { clientId: client.id, purpose: 'reminders', channel: 'email', optedIn: true },
    { clientId: client.id, purpose: 'reminders', channel: 'sms', optedIn: false },
  ]);
  await database.db.insert(clientChanges).values([
    {
      clientId: client.id,
      kind: 'contact_preferences',
      changedAt: new Date(Date.now() - 60_000),
      actorIssuer: context.provider.issuer,
      actorSubject: subject,
      changes: { preferences: [{ purpose: 'reminders', channel: 'sms', from: true, to: false }] },
    },
    {
      clientId: client.id,
      kind: 'details',
      changedAt: new Date(Date.now() - 30_000),
      actorIssuer: context.provider.issuer,
      actorSubject: subject,
      changes: { fields: ['mobilePhone'] },
    },
  ]);
  await database.db.insert(webSessions).values({
    tokenHash: `hash-${crypto.randomUUID()}`,
    identityIssuer: context.provider.issuer,
    identitySubject: subject,
    providerId: 'azure-ad',
    accessToken: `secret-access-${label}`,
    refreshToken: `secret-refresh-${label}`,
    idToken: `secret-id-${label}`,
    accessTokenExpiresAt: new Date(Date.now() + 300_000),
    expiresAt: new Date(Date.now() + 3_600_000),
    device: 'Firefox on Linux',
  });
  // A repeat prescription request with the practice's answer (decision 0111).
  const [request] = await database.db
    .insert(prescriptionRequests)
    .values({
      clientId: client.id,
      petId: pet.id,
      practiceId: practice.id,
      supply: 'written',
      feePence: 2100,
      status: 'Declined',
      answerMessage: `${label} needs a check-up first`,
    })
    .returning({ id: prescriptionRequests.id });
  await database.db.insert(prescriptionRequestItems).values({
    requestId: request!.id,
    medicationRef: `MED-${crypto.randomUUID()}`,
    medicine: `${label} tablets`,
    quantity: 1,
    unit: 'pack',
  });
  // An estimate the client declined and a bill part paid (decision 0153), a line each for the pet.
  const bill = { practiceId: practice.id, clientId: client.id };
  await createEstimate(
    database.db,
    {
      ...bill,
      answer: 'declined',
      answeredAt: new Date(),
      answeredRevision: 1,
      declineReason: `${label} reason`,
    },
    [{ description: `${label} dental`, unitPricePence: 30_000, petId: pet.id }],
  );
  const invoice = await createInvoice(database.db, { ...bill, paidPence: 1_000 }, [
    { description: `${label} consultation`, unitPricePence: 4_500, petId: pet.id },
  ]);
  // Part of it paid online (decision 0157), as the payments module records it.
  await database.pool.query(
    `insert into online_payments (purpose, status, practice_id, client_id, invoice_id, amount_pence,
       description, payment_intent_id, expires_at, paid_at)
     values ('invoice', 'paid', $1, $2, $3, 400, $4, $5, now(), now())`,
    [practice.id, client.id, invoice.id, `${label} bill`, `pi_${label}_${client.id}`],
  );
  // A health plan membership with a Direct Debit and a use (issue 65).
  await database.pool.query(
    `with plan as (insert into health_plans (practice_id, name, monthly_pence) values ($1, $4, 1450) returning id),
          benefit as (insert into health_plan_benefits (plan_id, position, name, kind, allowance_per_year)
                      select id, 1, 'Health check', 'allowance', 2 from plan returning id),
          membership as (insert into plan_memberships (practice_id, plan_id, client_id, pet_id, status, price_pence,
                                                        started_on, renews_on, dd_mandate_id)
                         select $1, plan.id, $2, $3, 'active', 1450, '2026-06-01', '2027-06-01', $5 from plan returning id)
     insert into plan_membership_uses (membership_id, benefit_id, used)
     select membership.id, benefit.id, 1 from membership, benefit`,
    [practice.id, client.id, pet.id, `${label} plan`, `MD_${label}_${client.id}`],
  );
  return { subject, client, pet, appointment, practice };
}

const exportOf = (authorization: string) =>
  context.app.inject({ url: '/client/data-export', headers: { authorization } });

const requestsOf = (subject: string) =>
  database.db
    .select()
    .from(dataExportRequests)
    .where(
      and(
        eq(dataExportRequests.identityIssuer, context.provider.issuer),
        eq(dataExportRequests.identitySubject, subject),
      ),
    );

describe('GET /client/data-export (decision 0079)', () => {
  it('holds everything about the signed-in client, and nothing of another client', async () => {
    const mine = await clientWithEverything('Mine');
    const theirs = await clientWithEverything('Theirs');

    const response = await exportOf(await bearer(mine.subject));
    expect(response.statusCode).toBe(200);
    const body = dataExportSchema.strict().parse(response.json());
    expect(body.identity).toEqual({
      issuer: context.provider.issuer,
      subject: mine.subject,
      email: `${mine.subject}@example.test`,
    });
    expect(body.client?.profile).toMatchObject({
      clientId: mine.client.id,
      firstName: 'Minefirst',
      lastName: 'Minelast',
      email: 'mine@example.test',
      address: { postcode: 'SW1A 1AA' },
      homePractice: 'Mine Practice',
    });
    expect(body.client?.pets).toMatchObject([{ petId: mine.pet.id, name: 'Minepet', vaccinations: [] }]);
    expect(body.client?.appointments).toMatchObject([
      { appointmentId: mine.appointment.id, petName: 'Minepet', practice: 'Mine Practice', status: 'Booked' },
    ]);
    expect(body.client?.appointments[0]?.clinician).toContain('Minevet');
    // Booked for any vet: no choice recorded (decision 0141).
    expect(body.client?.appointments[0]?.chosenClinician).toBeNull();
    expect(body.client?.contactPreferences.current).toEqual([
      { purpose: 'reminders', channel: 'email', optedIn: true },
      { purpose: 'reminders', channel: 'sms', optedIn: false },
    ]);
    expect(body.client?.changeHistory).toMatchObject([
      {
        kind: 'contact_preferences',
        preferences: [{ purpose: 'reminders', channel: 'sms', from: true, to: false }],
      },
      { kind: 'details', fields: ['mobilePhone'] },
    ]);
    expect(body.client?.prescriptionRequests).toMatchObject([
      {
        petName: 'Minepet',
        status: 'Declined',
        answerMessage: 'Mine needs a check-up first',
        feePence: 2100,
        items: [{ medicine: 'Mine tablets', quantity: 1 }],
      },
    ]);
    expect(body.client?.estimates).toMatchObject([
      {
        state: 'declined',
        declineReason: 'Mine reason',
        totalPence: 36_000,
        lines: [{ description: 'Mine dental', petName: 'Minepet' }],
      },
    ]);
    expect(body.client?.invoices).toMatchObject([
      {
        state: 'partPaid',
        // £54.00, £10.00 paid at the desk and £4.00 online.
        duePence: 4_000,
        lines: [{ description: 'Mine consultation', totalPence: 5_400 }],
      },
    ]);
    expect(body.client?.payments).toMatchObject([
      {
        purpose: 'invoice',
        status: 'paid',
        amountPence: 400,
        description: 'Mine bill',
        providerPaymentId: `pi_Mine_${mine.client.id}`,
      },
    ]);
    expect(body.client?.planMemberships).toEqual([
      expect.objectContaining({
        petId: mine.pet.id,
        plan: 'Mine plan',
        status: 'active',
        pricePence: 1450,
        startedOn: '2026-06-01',
        directDebitMandateId: `MD_Mine_${mine.client.id}`,
        uses: [{ benefit: 'Health check', used: 1 }],
      }),
    ]);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ device: 'Firefox on Linux' });
    expect(body.exportRequests).toHaveLength(1);

    const text = response.body;
    // No secret of a session, and nothing of the other client.
    for (const secret of ['secret-access', 'secret-refresh', 'secret-id', 'hash-'])
      expect(text).not.toContain(secret);
    for (const other of ['Theirs', theirs.subject, String(theirs.pet.id) + ',"name"'])
      expect(text).not.toContain(other);
  });

  it('gives the vet the person named online, as recorded (decision 0141)', async () => {
    const mine = await clientWithEverything('Chosen');
    await database.db
      .update(appointments)
      .set({ chosenClinicianId: mine.appointment.clinicianId })
      .where(eq(appointments.id, mine.appointment.id));
    const body = dataExportSchema.strict().parse((await exportOf(await bearer(mine.subject))).json());
    expect(body.client?.appointments[0]?.chosenClinician).toContain('Chosenvet');
  });

  it('gives the price each appointment was quoted (issue 62), or null', async () => {
    const mine = await clientWithEverything('Quoted');
    const before = dataExportSchema.parse((await exportOf(await bearer(mine.subject))).json());
    expect(before.client?.appointments[0]?.quotedPrice).toBeNull();
    await database.db
      .update(appointments)
      .set({ quotedPricePence: 5400, quotedPriceIncludes: 'The examination.' })
      .where(eq(appointments.id, mine.appointment.id));
    const body = dataExportSchema.strict().parse((await exportOf(await bearer(mine.subject))).json());
    expect(body.client?.appointments[0]?.quotedPrice).toEqual({
      amountPence: 5400,
      includes: 'The examination.',
    });
  });

  it('is never cached, comes as a file, and each request is recorded', async () => {
    const mine = await clientWithEverything('Cache');
    const authorization = await bearer(mine.subject);
    const first = await exportOf(authorization);
    const second = await exportOf(authorization);
    expect(first.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const rows = await requestsOf(mine.subject);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.clientId === mine.client.id)).toBe(true);
    expect(dataExportSchema.parse(second.json()).exportRequests).toHaveLength(2);
  });

  it('gives a person not linked to a client their sign-in and sessions only', async () => {
    await clientWithEverything('Someone');
    const subject = `unlinked-${crypto.randomUUID()}`;
    const response = await exportOf(await bearer(subject));
    expect(response.statusCode).toBe(200);
    const body = dataExportSchema.parse(response.json());
    expect(body.client).toBeNull();
    expect(body.identity.subject).toBe(subject);
    expect(body.sessions).toEqual([]);
    expect(response.body).not.toContain('Someone');
    expect(await requestsOf(subject)).toMatchObject([{ clientId: null }]);
  });

  it.each([
    ['more than ten minutes ago', 11 * 60],
    ['at an unknown time', null],
  ])('refuses a sign-in %s with reauthentication_required, and records nothing', async (_case, ago) => {
    const mine = await clientWithEverything('Stale');
    const response = await exportOf(await bearer(mine.subject, ago));
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
      statusCode: 403,
      code: 'reauthentication_required',
    });
    expect(await requestsOf(mine.subject)).toEqual([]);
  });

  it('lets a sign-in of nine minutes ago through', async () => {
    const mine = await clientWithEverything('Recent');
    expect((await exportOf(await bearer(mine.subject, 9 * 60))).statusCode).toBe(200);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await context.app.inject({ url: '/client/data-export' })).statusCode).toBe(401);
  });
});
