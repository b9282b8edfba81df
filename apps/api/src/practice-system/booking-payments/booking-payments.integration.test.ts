import { apiErrorSchema } from '@vet/contracts/errors';
import {
  bookingPaymentListSchema,
  bookingPaymentWriteSchema,
} from '@vet/contracts/integration-booking-payments';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { createPractice, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

/**
 * The practice system's booking payments (issue 64, decision 0158): set, replaced, cleared and listed by
 * the practice's and the reason's references; a practice not granted refused as other routes refuse it.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const north = `PRAC-N-${tag}`;
const south = `PRAC-S-${tag}`;
const grants = [{ client: 'pms-north', practices: [north], kinds: ['booking-payments'] }];
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: { INTEGRATION_CLIENT_GRANTS: JSON.stringify(grants) },
});

const reasonRefs = { consult: `RSN-C-${tag}`, dental: `RSN-D-${tag}` };
beforeAll(async () => {
  for (const pmsRef of [north, south]) await createPractice(database.db, { pmsRef });
  for (const pmsRef of Object.values(reasonRefs)) await createReason(database.db, { pmsRef });
});

/** A call as the group's practice system (every practice), or as `pms-north`. */
const call = async (
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
  clientId?: string,
) =>
  context.app.inject({
    method,
    url: `${integrationPathPrefix}${path}`,
    headers: { authorization: await machineAuthorization(clientId === undefined ? {} : { clientId }) },
    ...(body === undefined ? {} : { payload: body }),
  });
const policyPath = (practice: string, reason: string) =>
  `/practices/${practice}/appointment-reasons/${reason}/booking-payment`;
const listOf = async (practice: string, clientId?: string) => {
  const response = await call('GET', `/practices/${practice}/booking-payments`, undefined, clientId);
  expect(response.statusCode, response.body).toBe(200);
  return bookingPaymentListSchema.parse(response.json()).policies;
};
const refused = (response: { statusCode: number; json: () => unknown }) => {
  const body = apiErrorSchema.parse(response.json());
  return { status: response.statusCode, code: body.code, fields: body.issues?.map((issue) => issue.path) };
};

describe('a practice system’s booking payments', () => {
  it('sets one (201), answers the same again unchanged, replaces it, lists it and clears it (204 twice)', async () => {
    const path = policyPath(north, reasonRefs.consult);
    const deposit = { kind: 'deposit', amount_pence: 2000 };

    const created = await call('PUT', path, deposit);
    const again = await call('PUT', path, deposit);
    const replaced = await call('PUT', path, {
      kind: 'card_hold',
      amount_pence: 3000,
      applies_to: 'new_clients',
    });

    expect(created.statusCode, created.body).toBe(201);
    expect(bookingPaymentWriteSchema.parse(created.json())).toMatchObject({
      reason_ref: reasonRefs.consult,
      kind: 'deposit',
      amount_pence: 2000,
      applies_to: 'everyone',
      source: 'practice_system',
      outcome: 'applied',
    });
    expect([again.statusCode, again.json<{ outcome: string }>().outcome]).toEqual([200, 'unchanged']);
    expect(again.json<{ updated_at: string }>().updated_at).toBe(
      created.json<{ updated_at: string }>().updated_at,
    );
    expect([replaced.statusCode, replaced.json<{ outcome: string }>().outcome]).toEqual([200, 'applied']);
    await call('PUT', policyPath(north, reasonRefs.dental), { kind: 'deposit', amount_pence: 30 });
    expect((await listOf(north)).map((p) => [p.reason_ref, p.kind, p.amount_pence, p.applies_to])).toEqual(
      expect.arrayContaining([
        [reasonRefs.consult, 'card_hold', 3000, 'new_clients'],
        [reasonRefs.dental, 'deposit', 30, 'everyone'],
      ]),
    );

    const cleared = await call('DELETE', path);
    const clearedAgain = await call('DELETE', path);

    expect([cleared.statusCode, clearedAgain.statusCode]).toEqual([204, 204]);
    expect((await listOf(north)).map((p) => p.reason_ref)).toEqual([reasonRefs.dental]);
  });

  it('refuses an amount out of range or not whole pence (400 naming amount_pence), and unknown references (404)', async () => {
    const path = policyPath(south, reasonRefs.consult);
    for (const amount_pence of [29, 100_001, 20.5, '2000'])
      expect(refused(await call('PUT', path, { kind: 'deposit', amount_pence }))).toEqual({
        status: 400,
        code: 'invalid_request',
        fields: ['amount_pence'],
      });
    const unknownReason = await call('PUT', policyPath(south, `RSN-X-${tag}`), {
      kind: 'deposit',
      amount_pence: 500,
    });
    const unknownPractice = await call('GET', `/practices/PRAC-X-${tag}/booking-payments`);

    expect(refused(unknownReason)).toMatchObject({ status: 404, code: 'not_found' });
    expect(refused(unknownPractice)).toMatchObject({ status: 404, code: 'not_found' });
    expect(await listOf(south)).toEqual([]);
  });

  it('refuses a practice the client is not granted (403 practice_not_served), its own answered', async () => {
    const theirs = policyPath(south, reasonRefs.dental);
    const attempts = [
      await call('PUT', theirs, { kind: 'deposit', amount_pence: 1500 }, 'pms-north'),
      await call('DELETE', theirs, undefined, 'pms-north'),
      await call('GET', `/practices/${south}/booking-payments`, undefined, 'pms-north'),
      // Whether another's practice exists never shows.
      await call('GET', `/practices/PRAC-X-${tag}/booking-payments`, undefined, 'pms-north'),
    ];

    for (const response of attempts)
      expect(refused(response)).toMatchObject({ status: 403, code: 'practice_not_served' });
    expect(await listOf(south)).toEqual([]);
    const own = await call(
      'PUT',
      policyPath(north, reasonRefs.consult),
      { kind: 'deposit', amount_pence: 1500 },
      'pms-north',
    );
    expect(own.statusCode, own.body).toBe(201);
    expect((await listOf(north, 'pms-north')).length).toBeGreaterThan(0);
  });
});
