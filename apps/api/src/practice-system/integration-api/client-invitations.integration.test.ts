import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { clientInvitationSchema } from '@vet/contracts/integration-invitations';
import { invitationCodeHash } from '@vet/db/invitation-code';
import { invitations } from '@vet/db/schema/onboarding';
import { emailOutbox } from '@vet/db/schema/system';
import { createClient, createInvitation, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * POST /integration/v1/clients/{client_ref}/invitations (decision 0062): the practice system
 * invites one of its clients to the portal. The invitation is the portal's own (R4.18): its `/invite` link
 * goes out through the outbox, and the person links their account with it as with any other.
 */
const database = useTestDatabase();
const { context, machineAuthorization, bearerForNewIdentity } = useSignedInTestApp(database);
const { db } = database;
const DAY_MS = 24 * 60 * 60 * 1000;

const invite = async (clientRef: string, query = '') =>
  context.app.inject({
    method: 'POST',
    url: `${integrationPathPrefix}/clients/${encodeURIComponent(clientRef)}/invitations${query}`,
    headers: { authorization: await machineAuthorization() },
  });

async function clientOfThePms(overrides: Parameters<typeof createClient>[1] = {}) {
  const practice = await createPractice(db);
  const pmsRef = `CLI-${randomUUID()}`;
  const client = await createClient(db, {
    homePracticeId: practice.id,
    pmsRef,
    firstName: 'Olivia',
    ...overrides,
  });
  return { client, pmsRef };
}

const invitationsOf = (clientId: number) =>
  db.select().from(invitations).where(eq(invitations.clientId, clientId)).orderBy(invitations.id);
const emailsTo = (address: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.id);

describe('POST /integration/v1/clients/{client_ref}/invitations', () => {
  it('issues a 30-day invitation and e-mails its /invite link through the outbox', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const before = Date.now();
    const response = await invite(pmsRef);

    expect(response.statusCode, response.body).toBe(201);
    const answer = clientInvitationSchema.strict().parse(response.json());
    expect(answer.client_ref).toBe(pmsRef);
    const [stored, ...others] = await invitationsOf(client.id);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({ practiceId: client.homePracticeId, usedAt: null });
    expect(stored?.expiresAt.toISOString()).toBe(answer.expires_at);
    expect(stored!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);

    const [email, ...moreEmails] = await emailsTo(client.email!);
    expect(moreEmails).toEqual([]);
    expect(email?.subject).toBe('Your invitation to the Harbour Vets Client Portal');
    expect(email?.textBody).toContain('Hello Olivia,');
    const link = /http:\/\/localhost:3000\/invite\?\S+/.exec(email?.textBody ?? '')?.[0];
    const params = new URL(link ?? 'http://x/').searchParams;
    expect(params.get('ln')).toBe(client.lastName);
    // The link carries the code whose hash is stored: the code itself is kept nowhere else.
    expect(invitationCodeHash(params.get('rc') ?? '')).toBe(stored?.codeHash);
    expect(params.get('rc')).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(response.body).not.toContain(params.get('rc'));
  });

  it('gives an invitation the person links their account with, as any practice invitation', async () => {
    const { client, pmsRef } = await clientOfThePms();
    expect((await invite(pmsRef)).statusCode).toBe(201);
    const [email] = await emailsTo(client.email!);
    const link = new URL(/http:\/\/localhost:3000\/invite\?\S+/.exec(email?.textBody ?? '')?.[0] ?? '');
    const activation = await context.app.inject({
      method: 'PATCH',
      url: '/client/activate',
      headers: { authorization: await bearerForNewIdentity() },
      payload: { registrationCode: link.searchParams.get('rc'), lastName: link.searchParams.get('ln') },
    });
    expect(activation.statusCode, activation.body).toBe(200);
    expect((await invitationsOf(client.id))[0]?.usedAt).not.toBeNull();
  });

  it('answers the live invitation again and sends nothing, however often and at once (decision 0103)', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const first = await invite(pmsRef);
    expect(first.statusCode).toBe(201);
    expect(clientInvitationSchema.parse(first.json()).outcome).toBe('issued');
    const answers = await Promise.all([1, 2, 3].map(() => invite(pmsRef)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(clientInvitationSchema.strict().parse(answer.json())).toEqual({
        ...clientInvitationSchema.parse(first.json()),
        outcome: 'live',
      });
    }
    expect(await invitationsOf(client.id)).toHaveLength(1);
    expect(await emailsTo(client.email!)).toHaveLength(1);
  });

  it('issues one invitation for calls that come at the same moment', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const answers = await Promise.all([1, 2, 3].map(() => invite(pmsRef)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await invitationsOf(client.id)).toHaveLength(1);
    expect(await emailsTo(client.email!)).toHaveLength(1);
  });

  it('refuses a replace that is not true or false, naming it (400)', async () => {
    const { pmsRef } = await clientOfThePms();
    const response = await invite(pmsRef, '?replace=yes');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      code: 'invalid_request',
      issues: [expect.objectContaining({ path: 'replace' })],
    });
  });

  it('with replace=true, ends the unused invitations it replaces: only the newest link works', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const older = await createInvitation(db, { clientId: client.id, practiceId: client.homePracticeId });
    expect((await invite(pmsRef)).statusCode).toBe(200);
    expect((await invite(pmsRef, '?replace=true')).statusCode).toBe(201);
    const [first, second] = await invitationsOf(client.id);
    expect(first?.id).toBe(older.id);
    expect(first!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(second!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('answers 404 for a reference it does not know, and writes nothing', async () => {
    const response = await invite(`CLI-unknown-${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
      message: 'No client has that reference.',
      code: 'not_found',
    });
  });

  it('answers 409 for a client already linked to an online account, and sends nothing', async () => {
    const { client, pmsRef } = await clientOfThePms({
      identityIssuer: 'https://idp.test',
      identitySubject: `linked-${randomUUID()}`,
    });
    const response = await invite(pmsRef);
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
      message: 'This client already has an online account linked to their record: they need no invitation.',
      code: 'client_already_linked',
    });
    expect(await invitationsOf(client.id)).toEqual([]);
    expect(await emailsTo(client.email!)).toEqual([]);
  });

  it('answers 422 for a client with no e-mail address, and writes nothing', async () => {
    const { client, pmsRef } = await clientOfThePms({ email: null });
    const response = await invite(pmsRef);
    expect(response.statusCode).toBe(422);
    expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({
      message: 'This client has no e-mail address to send the invitation to.',
      issues: [{ path: 'email', message: 'The client record has no e-mail address.' }],
      code: 'client_has_no_email',
    });
    expect(await invitationsOf(client.id)).toEqual([]);
  });

  it('refuses a blank reference, and one longer than any practice system gives, naming it (400)', async () => {
    for (const ref of ['   ', 'R'.repeat(101), 'é'.repeat(101)]) {
      const response = await invite(ref);
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.strict().parse(response.json()).issues?.[0]?.path).toBe('client_ref');
    }
  });
});
