import { createPet, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/** With DIRECT_DEBIT unset (decision 0162): no plan is joined online, and GoCardless's webhook path is not served. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);

describe('Direct Debit off', () => {
  it('answers the join 409 joining_off, and the webhook path 404', async () => {
    const practice = await createPractice(database.db);
    const { client, authorization } = await signedInClient({ homePracticeId: practice.id });
    const pet = await createPet(database.db, { clientId: client.id });
    const join = await context.app.inject({
      method: 'POST',
      url: '/v2/plan-memberships',
      headers: { authorization },
      payload: { petId: pet.id, planId: 1, billing: 'monthly', termsAccepted: true },
    });
    expect(join.statusCode).toBe(409);
    expect(join.json()).toMatchObject({
      code: 'joining_off',
      message: 'Joining a plan online is not available. Ask your practice to join you.',
    });
    const webhook = await context.app.inject({
      method: 'POST',
      url: '/webhooks/gocardless',
      headers: { 'content-type': 'application/json' },
      payload: '{"events":[]}',
    });
    expect(webhook.statusCode).toBe(404);
  });
});
