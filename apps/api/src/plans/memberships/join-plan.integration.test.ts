import { apiErrorSchema } from '@vet/contracts/errors';
import { addMonths } from '@vet/contracts/plan-rules';
import { practiceDate } from '@vet/contracts/practice-clock';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePlansTestApp } from './testing/plans-test-app.ts';

/**
 * Joining a plan by Direct Debit (issue 65, decision 0162), against the GoCardless stand-in through the
 * official library: the membership written pending first, one billing request per membership however
 * often the owner presses, and one activation (one plan.joined) whether the return or the webhook comes first.
 */
const database = useTestDatabase();
const { db } = database;
const { live, scene, join, joinedFrom, completePage, confirm, membershipRow, eventsOf } =
  usePlansTestApp(database);

describe('joining a plan', () => {
  it('sends the owner to the hosted page, activates on their return, and tells the practice once', async () => {
    const s = await scene();
    const joined = joinedFrom(await join(s.authorization, { petId: s.pet.id, planId: s.plan.id }));
    expect(joined.redirectUrl).toMatch(new RegExp(`^${live.gocardless.url}/flows/BRF`));
    const pending = await membershipRow(joined.membershipId);
    const today = practiceDate(new Date());
    expect(pending).toMatchObject({
      status: 'pending',
      billing: 'monthly',
      price_pence: 1650,
      started_on: today,
      renews_on: addMonths(today, 12),
      dd_billing_request_id: expect.stringMatching(/^BRQ/) as string,
    });
    // The flow sends the owner back to the web's return page, and "Back" to the join page.
    const flow = live.gocardless.flows().find((f) => joined.redirectUrl.endsWith(f.id));
    expect(flow?.redirect_uri).toMatch(new RegExp(`/plans/joined/${joined.membershipId}$`));
    expect(flow?.exit_uri).toContain(`/plans/join?petId=${s.pet.id}&planId=${s.plan.id}`);

    // A reload or the back button: the same membership and billing request, a new page of it.
    const again = joinedFrom(await join(s.authorization, { petId: s.pet.id, planId: s.plan.id }));
    expect(again.membershipId).toBe(joined.membershipId);
    expect(
      live.gocardless
        .billingRequests()
        .filter((b) => b.metadata?.membership_id === String(joined.membershipId)),
    ).toHaveLength(1);

    // Before the page is completed, the return says pending and nothing is told.
    expect((await confirm(s.authorization, joined.membershipId)).json()).toMatchObject({ status: 'pending' });
    live.gocardless.holdWebhooks();
    completePage(again.redirectUrl);
    const back = await confirm(s.authorization, joined.membershipId);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      membershipId: joined.membershipId,
      status: 'active',
      petName: 'Bramble',
    });
    // The webhooks after the return, twice over and in reverse: nothing changes twice.
    await live.gocardless.releaseWebhooks({ order: 'reversed', twice: true });
    await live.gocardless.webhooksSettled();
    const active = await membershipRow(joined.membershipId);
    expect(active).toMatchObject({
      status: 'active',
      dd_mandate_id: expect.stringMatching(/^MD/) as string,
      dd_subscription_id: expect.stringMatching(/^SB/) as string,
      next_payment_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
    });
    expect(
      live.gocardless.subscriptions().filter((sub) => sub.links?.mandate === active.dd_mandate_id),
    ).toMatchObject([
      { amount: 1650, interval_unit: 'monthly', day_of_month: Math.min(Number(today.slice(8)), 28) },
    ]);
    const events = await eventsOf(joined.membershipId);
    expect(events.map((e) => e.type)).toEqual(['plan.joined']);
    expect(events[0]?.data).toMatchObject({
      membership_id: joined.membershipId,
      membership_ref: null,
      pet_id: s.pet.id,
      plan_id: s.plan.id,
      client_id: s.owner.client.id,
      practice_id: s.practice.id,
      price_pence: 1650,
      provider_mandate_id: active.dd_mandate_id,
      provider_subscription_id: active.dd_subscription_id,
    });

    // Joined: a second membership of the same pet and plan is refused.
    const second = await join(s.authorization, { petId: s.pet.id, planId: s.plan.id });
    expect(second.statusCode).toBe(409);
    expect(apiErrorSchema.parse(second.json())).toMatchObject({
      code: 'already_member',
      message: 'Bramble is already on Adult Dog Plan.',
    });
  });

  it('activates from the webhook alone when the owner never comes back, yearly at the yearly price', async () => {
    const s = await scene();
    const joined = joinedFrom(
      await join(s.authorization, { petId: s.pet.id, planId: s.plan.id, billing: 'yearly' }),
    );
    completePage(joined.redirectUrl);
    await live.gocardless.webhooksSettled();
    const row = await membershipRow(joined.membershipId);
    expect(row).toMatchObject({ status: 'active', billing: 'yearly', price_pence: 18_000 });
    expect(live.gocardless.subscriptions().find((sub) => sub.id === row.dd_subscription_id)).toMatchObject({
      amount: 18_000,
      interval_unit: 'yearly',
    });
    // The owner's late return changes nothing.
    expect((await confirm(s.authorization, joined.membershipId)).json()).toMatchObject({ status: 'active' });
    expect((await eventsOf(joined.membershipId)).map((e) => e.type)).toEqual(['plan.joined']);
  });

  it('keeps one live membership when two presses race', async () => {
    const s = await scene();
    const [a, b] = await Promise.all([
      join(s.authorization, { petId: s.pet.id, planId: s.plan.id }),
      join(s.authorization, { petId: s.pet.id, planId: s.plan.id }),
    ]);
    expect(joinedFrom(a).membershipId).toBe(joinedFrom(b).membershipId);
    const { rows } = await db.execute(sql`select id from plan_memberships where pet_id = ${s.pet.id}`);
    expect(rows).toHaveLength(1);
  });

  it('refuses a pet outside the plan’s species or ages with the reason, and another’s pet like a missing one', async () => {
    const young = await scene({ dateOfBirth: addMonths(practiceDate(new Date()), -6) });
    const tooYoung = await join(young.authorization, { petId: young.pet.id, planId: young.plan.id });
    expect(tooYoung.statusCode).toBe(422);
    expect(apiErrorSchema.parse(tooYoung.json())).toMatchObject({
      code: 'too_young',
      message: 'Adult Dog Plan is for pets from 12 months old.',
    });
    const unknownAge = await scene({ dateOfBirth: null });
    const noAge = await join(unknownAge.authorization, {
      petId: unknownAge.pet.id,
      planId: unknownAge.plan.id,
    });
    expect(noAge.json()).toMatchObject({ statusCode: 422, code: 'age_unknown' });

    const s = await scene();
    await db.execute(sql`update pets set species_id = ${s.cat.id} where id = ${s.pet.id}`);
    const cat = await join(s.authorization, { petId: s.pet.id, planId: s.plan.id });
    expect(cat.statusCode).toBe(422);
    expect(apiErrorSchema.parse(cat.json()).message).toMatch(/^Adult Dog Plan is not for a cat/);

    const gone = await scene({ petStatus: 'Deceased' });
    expect(
      (await join(gone.authorization, { petId: gone.pet.id, planId: gone.plan.id })).json(),
    ).toMatchObject({
      statusCode: 422,
      code: 'pet_gone',
    });

    const theirs = await join(s.authorization, { petId: young.pet.id, planId: young.plan.id });
    const missing = await join(s.authorization, { petId: 2_000_000_000, planId: s.plan.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    // Another practice's plan is not the pet's practice's.
    expect((await join(s.authorization, { petId: s.pet.id, planId: young.plan.id })).statusCode).toBe(404);
    const unticked = await join(s.authorization, {
      petId: s.pet.id,
      planId: s.plan.id,
      termsAccepted: false,
    } as never);
    expect(unticked.statusCode).toBe(400);
    expect(
      await db.execute(sql`select 1 from plan_memberships where pet_id in (${young.pet.id}, ${s.pet.id})`),
    ).toMatchObject({ rows: [] });
  });

  it('starts afresh when the bank refused the mandate of a set-up that never became active', async () => {
    const s = await scene();
    const first = joinedFrom(await join(s.authorization, { petId: s.pet.id, planId: s.plan.id }));
    live.gocardless.holdWebhooks();
    const fulfilled = completePage(first.redirectUrl);
    live.gocardless.failMandate(fulfilled.links!.mandate_request_mandate!, 'failed', 'invalid_bank_details');
    // The owner's return: the mandate failed, so nothing is activated and nothing is told.
    expect((await confirm(s.authorization, first.membershipId)).json()).toMatchObject({ status: 'pending' });
    expect((await membershipRow(first.membershipId)).dd_mandate_status).toBe('failed');
    await live.gocardless.releaseWebhooks();
    await live.gocardless.webhooksSettled();
    const again = joinedFrom(await join(s.authorization, { petId: s.pet.id, planId: s.plan.id }));
    expect(again.membershipId).not.toBe(first.membershipId);
    expect(again.redirectUrl).toMatch(/\/flows\/BRF/);
    const { rows } = await db.execute(sql`select id from plan_memberships where pet_id = ${s.pet.id}`);
    expect(rows).toEqual([{ id: again.membershipId }]);
    expect(await eventsOf(first.membershipId)).toEqual([]);
  });

  it('answers 503 and sets nothing up when the provider is down, and the next press goes on', async () => {
    const s = await scene();
    live.gocardless.failNext(1, { status: 503, path: /billing_requests$/ });
    const down = await join(s.authorization, { petId: s.pet.id, planId: s.plan.id });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'provider_unavailable' });
    const joined = joinedFrom(await join(s.authorization, { petId: s.pet.id, planId: s.plan.id }));
    expect((await membershipRow(joined.membershipId)).status).toBe('pending');
  });
});
