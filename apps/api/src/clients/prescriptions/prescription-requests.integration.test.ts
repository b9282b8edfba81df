import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { prescriptionRequestsSchema } from '@vet/contracts/prescription-requests';
import { emailOutbox } from '@vet/db/schema/system';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { createMedication, practiceWithPet, seenAt } from './testing/prescription-fixtures.ts';

/**
 * Decision 0111: a request goes to the practice system as prescription.requested; the practice answers
 * through the integration API; the client sees the answer on their requests and is e-mailed it.
 */
const grants = [
  { client: 'pms-elsewhere', practices: ['PR-NOT-THIS-ONE'], kinds: ['prescription-requests'] },
];
const database = useTestDatabase();
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants) },
});
const { db } = database;

/** A request of a client whose pet a vet saw yesterday, for one medicine. */
async function sentRequest(supply: 'collect' | 'written' = 'collect') {
  const setup = await practiceWithPet(db, signedInClient);
  await seenAt(db, {
    practiceId: setup.practice.id,
    clientId: setup.client.id,
    petId: setup.pet.id,
    at: new Date(Date.now() - 24 * 60 * 60_000),
  });
  const medicine = await createMedication(db, setup.pet.id, { medicine: 'Vetmedin' });
  const response = await context.app.inject({
    method: 'POST',
    url: '/prescription-requests',
    headers: { authorization: setup.authorization },
    payload: { petId: setup.pet.id, items: [{ medicationId: medicine.id, quantity: 2 }], supply },
  });
  expect(response.statusCode).toBe(201);
  return { ...setup, medicine, requestId: response.json<{ requestId: number }>().requestId };
}

const listOf = async (authorization: string) =>
  prescriptionRequestsSchema.parse(
    (await context.app.inject({ url: '/prescription-requests', headers: { authorization } })).json(),
  ).requests;

const answer = async (requestId: number | string, payload: object, clientId?: string) =>
  context.app.inject({
    method: 'PUT',
    url: `${integrationPathPrefix}/prescription-requests/${requestId}/answer`,
    headers: { authorization: await machineAuthorization(clientId === undefined ? {} : { clientId }) },
    payload,
  });

const emailsTo = (address: string) =>
  db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(asc(emailOutbox.id));

describe('a repeat prescription request', () => {
  it('is written with its prescription.requested event, naming the practice system’s references', async () => {
    const { practice, client, pet, medicine, requestId } = await sentRequest('written');
    const { rows } = await database.pool.query<{ type: string; data: unknown; practice_id: number }>(
      `select type, data, practice_id from practice_events
        where record_kind = 'prescription_request' and record_id = $1`,
      [requestId],
    );
    expect(rows).toEqual([
      {
        type: 'prescription.requested',
        practice_id: practice.id,
        data: expect.objectContaining({
          request_id: requestId,
          practice_ref: practice.pmsRef,
          client_ref: client.pmsRef,
          pet_id: pet.id,
          supply: 'written',
          fee_pence: 2100,
          items: [
            expect.objectContaining({ medication_ref: medicine.pmsRef, quantity: 2, category: 'POM-V' }),
          ],
        }) as unknown,
      },
    ]);
  });

  it('is listed to its client only, with where it stands', async () => {
    const mine = await sentRequest();
    const theirs = await sentRequest();
    const requests = await listOf(mine.authorization);
    expect(requests.map((r) => r.requestId)).toEqual([mine.requestId]);
    expect(requests[0]).toMatchObject({ status: 'Requested', petName: 'Bramble', answerMessage: null });
    expect((await listOf(theirs.authorization)).map((r) => r.requestId)).toEqual([theirs.requestId]);
  });
});

describe('PUT /integration/v1/prescription-requests/{request_id}/answer', () => {
  it('shows the practice’s answer on the request and e-mails it, once per answer', async () => {
    const { client, authorization, requestId } = await sentRequest();
    const approved = await answer(requestId, { status: 'Approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ outcome: 'applied', id: requestId });
    expect((await answer(requestId, { status: 'Approved' })).json()).toEqual({
      outcome: 'unchanged',
      id: requestId,
    });
    expect(await listOf(authorization)).toMatchObject([
      { status: 'Approved', answeredAt: expect.any(String) as string },
    ]);
    await answer(requestId, { status: 'ReadyToCollect' });
    const emails = await emailsTo(client.email ?? '');
    expect(emails.map((e) => e.subject)).toEqual([
      'Repeat prescription for Bramble: Approved',
      'Repeat prescription for Bramble: Ready to collect',
    ]);
    expect(emails[1]!.text).toContain('Vetmedin');
  });

  it('needs the reason of a refusal, and shows it to the client', async () => {
    const { client, authorization, requestId } = await sentRequest();
    const withoutReason = await answer(requestId, { status: 'Declined' });
    expect(withoutReason.statusCode).toBe(400);
    expect(apiErrorSchema.parse(withoutReason.json()).issues).toEqual([
      { path: 'message', message: 'Say why the request is declined: the client is told.' },
    ]);
    const reason = 'Bramble’s kidney values need checking first.';
    expect((await answer(requestId, { status: 'Declined', message: reason })).statusCode).toBe(200);
    expect(await listOf(authorization)).toMatchObject([{ status: 'Declined', answerMessage: reason }]);
    const [email] = await emailsTo(client.email ?? '');
    expect(email!.text).toContain(reason);
  });

  it('asks the client to book a review, with a link to booking', async () => {
    const { client, requestId } = await sentRequest();
    await answer(requestId, { status: 'ReviewNeeded' });
    const [email] = await emailsTo(client.email ?? '');
    expect(email).toMatchObject({ subject: 'Repeat prescription for Bramble: Please book a review' });
    expect(email!.text).toContain('/appointments/book');
  });

  it('answers an unknown request, and one of a practice the grant lacks, as missing', async () => {
    const { requestId } = await sentRequest();
    expect((await answer(2_000_000_000, { status: 'Approved' })).statusCode).toBe(404);
    expect((await answer(requestId, { status: 'Approved' }, 'pms-elsewhere')).statusCode).toBe(404);
    expect((await answer(requestId, { status: 'Requested' })).statusCode).toBe(400);
  });

  it('refuses a client’s token', async () => {
    const { authorization, requestId } = await sentRequest();
    const response = await context.app.inject({
      method: 'PUT',
      url: `${integrationPathPrefix}/prescription-requests/${requestId}/answer`,
      headers: { authorization },
      payload: { status: 'Approved' },
    });
    expect(response.statusCode).toBe(403);
  });
});
