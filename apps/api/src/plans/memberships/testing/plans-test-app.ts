import type { DatabaseHandle } from '@vet/db/connection';
import { healthPlans } from '@vet/db/schema/plans';
import { createPet, createPractice, createSpecies } from '@vet/db/testing/factories';
import { joinPlanResponseSchema } from '@vet/contracts/plans';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { useSignedInTestApp } from '../../../testing/signed-in-app.ts';
import {
  startGoCardlessStandIn,
  type GoCardlessStandIn,
} from '../../direct-debit/testing/gocardless-stand-in.ts';

/**
 * The API with Direct Debit on, against the GoCardless stand-in (decision 0159), listening so the
 * stand-in's webhooks reach it; and what the plan tests ask of it. Read `live` inside tests.
 */
export function usePlansTestApp(database: Pick<DatabaseHandle, 'db' | 'pool'> & { url: string }) {
  const live = {} as { gocardless: GoCardlessStandIn; apiAddress: string };
  beforeAll(async () => {
    live.gocardless = await startGoCardlessStandIn({ webhookRetry: { attempts: 1, delayMs: 10 } });
  });
  const signedIn = useSignedInTestApp(database, {
    env: () => ({
      DIRECT_DEBIT: 'gocardless',
      GOCARDLESS_ACCESS_TOKEN: live.gocardless.accessToken,
      GOCARDLESS_WEBHOOK_SECRET: live.gocardless.webhookSecret,
      GOCARDLESS_API_URL: live.gocardless.url,
      GOCARDLESS_TIMEOUT_MS: '4000',
    }),
  });
  const { context, signedInClient } = signedIn;
  beforeAll(async () => {
    live.apiAddress = await context.app.listen({ host: '127.0.0.1', port: 0 });
    live.gocardless.setWebhookUrl(`${live.apiAddress}/webhooks/gocardless`);
  });
  afterAll(() => live.gocardless.close());

  /** A practice with a dog plan (adults, 16.50 a month or 180 a year, a 25.00 early-exit fee), an owner and their dog. */
  async function scene(
    options: { dateOfBirth?: string | null; petStatus?: 'Active' | 'Deceased' | 'Rehomed' } = {},
  ) {
    const practice = await createPractice(database.db);
    const dog = await createSpecies(database.db, { name: `Dog ${crypto.randomUUID().slice(0, 8)}` });
    const cat = await createSpecies(database.db, { name: `Cat ${crypto.randomUUID().slice(0, 8)}` });
    const [plan] = await database.db
      .insert(healthPlans)
      .values({
        practiceId: practice.id,
        name: 'Adult Dog Plan',
        speciesIds: [dog.id],
        minAgeMonths: 12,
        maxAgeMonths: 120,
        monthlyPence: 1650,
        yearlyPence: 18_000,
        minimumTermMonths: 12,
        coolingOffDays: 14,
        earlyExitFeePence: 2500,
      })
      .returning();
    if (!plan) throw new Error('plan not inserted');
    const owner = await signedInClient({ homePracticeId: practice.id });
    const pet = await createPet(database.db, {
      clientId: owner.client.id,
      speciesId: dog.id,
      name: 'Bramble',
      dateOfBirth: options.dateOfBirth === undefined ? '2021-05-04' : options.dateOfBirth,
      status: options.petStatus ?? 'Active',
    });
    return { practice, dog, cat, plan, owner, pet, authorization: owner.authorization };
  }

  const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
    context.app.inject({
      method,
      url,
      headers: { authorization },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const join = (
    authorization: string,
    body: { petId: number; planId: number; billing?: 'monthly' | 'yearly' },
  ) =>
    call('POST', '/v2/plan-memberships', authorization, { billing: 'monthly', termsAccepted: true, ...body });

  function joinedFrom(response: { statusCode: number; body: string; json: () => unknown }) {
    expect(response.statusCode, response.body).toBe(201);
    return joinPlanResponseSchema.parse(response.json());
  }

  /** The owner on the hosted page: "Set up Direct Debit" (the flow's id is its page's last part). */
  const completePage = (redirectUrl: string) => live.gocardless.complete(redirectUrl.split('/').pop()!);

  const confirm = (authorization: string, membershipId: number) =>
    call('POST', `/v2/plan-memberships/${membershipId}/confirm`, authorization);

  /** Joined, set up on the page and confirmed: an active membership. */
  async function activeMembership(s: Awaited<ReturnType<typeof scene>>) {
    const joined = joinedFrom(await join(s.authorization, { petId: s.pet.id, planId: s.plan.id }));
    completePage(joined.redirectUrl);
    const confirmed = await confirm(s.authorization, joined.membershipId);
    expect(confirmed.json()).toMatchObject({ status: 'active' });
    await live.gocardless.webhooksSettled();
    return membershipRow(joined.membershipId);
  }

  async function membershipRow(id: number) {
    const { rows } = await database.db.execute<{
      id: number;
      status: string;
      billing: string;
      price_pence: number;
      started_on: string;
      renews_on: string;
      next_payment_on: string | null;
      payment_failed_on: string | null;
      ended_by: string | null;
      end_reason: string | null;
      exit_fee_pence: number | null;
      dd_billing_request_id: string | null;
      dd_mandate_id: string | null;
      dd_subscription_id: string | null;
      dd_mandate_status: string | null;
    }>(sql`
      select id, status, billing, price_pence, started_on::text, renews_on::text, next_payment_on::text,
        payment_failed_on::text, ended_by, end_reason, exit_fee_pence, dd_billing_request_id, dd_mandate_id,
        dd_subscription_id, dd_mandate_status
      from plan_memberships where id = ${id}`);
    const row = rows[0];
    if (!row) throw new Error(`no membership ${id}`);
    return row;
  }

  /** The practice events of a membership, in order. */
  async function eventsOf(membershipId: number) {
    const { rows } = await database.db.execute<{ type: string; data: Record<string, unknown> }>(sql`
      select type, data from practice_events
      where record_kind = 'plan_membership' and record_id = ${membershipId} order by id`);
    return rows;
  }

  return {
    ...signedIn,
    live,
    scene,
    call,
    join,
    joinedFrom,
    completePage,
    confirm,
    activeMembership,
    membershipRow,
    eventsOf,
  };
}
