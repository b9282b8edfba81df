import { addDays } from '@vet/contracts/plan-rules';
import { petPlansSchema, planMembershipSchema, planMembershipsSchema } from '@vet/contracts/plans';
import { planMemberships, planMembershipUses } from '@vet/db/schema/plans';
import { createPet } from '@vet/db/testing/factories';
import { createPlanMembership } from '@vet/db/testing/plan-factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { planScene } from '../testing/plan-fixtures.ts';

/** Issue 65, part 2: what a plan covers, used and left this plan year, the client's only. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

const get = (url: string, authorization: string) =>
  context.app.inject({ method: 'GET', url, headers: { authorization } });

describe('GET /v2/plan-memberships/:membershipId', () => {
  it('answers the benefits used and left this plan year, payments, renewal and the reasons covered', async () => {
    const scene = await planScene(db, signedInClient);
    const response = await get(`/v2/plan-memberships/${scene.membership.id}`, scene.authorization);
    expect(response.statusCode).toBe(200);
    const membership = planMembershipSchema.parse(response.json());
    expect(membership).toMatchObject({
      petName: 'Rex',
      planName: 'Healthy Dog Club',
      practiceName: 'Harbour Vets Clapham',
      status: 'active',
      pricePence: 1_650,
      nextPaymentOn: addDays(scene.today, 5),
      renewsOn: addDays(scene.today, 265),
      mandateProblem: false,
      paymentFailedOn: null,
      nextVaccination: null,
    });
    expect(membership.benefits.map((b) => [b.name, b.used, b.left])).toEqual([
      ['Vaccinations', 1, 1],
      ['Check-ups', 3, null],
      ['Everything else', 0, null],
    ]);
    expect(membership.coveredReasonIds.sort()).toEqual(
      [scene.vaccinationReason.id, scene.checkUpReason.id].sort(),
    );
  });

  it('stops covering an allowance used up, and says the next vaccination is then not covered', async () => {
    const scene = await planScene(db, signedInClient);
    const vaccines = scene.dogPlan.benefits[0]!;
    await db.update(planMembershipUses).set({ used: 2 }).where(eq(planMembershipUses.benefitId, vaccines.id));
    await scene.vaccinate(scene.rex.id, 'DHP', addDays(scene.today, -300), addDays(scene.today, 20));
    const membership = planMembershipSchema.parse(
      (await get(`/v2/plan-memberships/${scene.membership.id}`, scene.authorization)).json(),
    );
    expect(membership.benefits[0]).toMatchObject({ used: 2, left: 0 });
    expect(membership.coveredReasonIds).toEqual([scene.checkUpReason.id]);
    expect(membership.nextVaccination).toEqual({
      vaccine: 'DHP',
      dueOn: addDays(scene.today, 20),
      covered: false,
      reasonId: scene.vaccinationReason.id,
    });
  });

  it('finds the next vaccination: the earliest due from today of each vaccine’s latest dose, else the latest overdue', async () => {
    const scene = await planScene(db, signedInClient);
    const { today, rex, vaccinate } = scene;
    // An old dose replaced by a later one: its due day no longer counts.
    await vaccinate(rex.id, 'Lepto', addDays(today, -700), addDays(today, -335));
    await vaccinate(rex.id, 'Lepto', addDays(today, -330), addDays(today, 35));
    await vaccinate(rex.id, 'Kennel cough', addDays(today, -350), addDays(today, 15));
    await vaccinate(rex.id, 'Rabies', addDays(today, -400), null);
    const read = async () =>
      planMembershipSchema.parse(
        (await get(`/v2/plan-memberships/${scene.membership.id}`, scene.authorization)).json(),
      ).nextVaccination;
    expect(await read()).toEqual({
      vaccine: 'Kennel cough',
      dueOn: addDays(today, 15),
      covered: true,
      reasonId: scene.vaccinationReason.id,
    });

    const other = await planScene(db, signedInClient);
    await other.vaccinate(other.rex.id, 'DHP', addDays(today, -500), addDays(today, -100));
    await other.vaccinate(other.rex.id, 'Lepto', addDays(today, -400), addDays(today, -30));
    const overdue = planMembershipSchema.parse(
      (await get(`/v2/plan-memberships/${other.membership.id}`, other.authorization)).json(),
    ).nextVaccination;
    expect(overdue).toMatchObject({ vaccine: 'Lepto', dueOn: addDays(today, -30) });
  });

  it('shows a failed Direct Debit and a failed payment while the membership stands, and covers nothing pending', async () => {
    const scene = await planScene(db, signedInClient);
    await db
      .update(planMemberships)
      .set({ ddMandateStatus: 'cancelled', paymentFailedOn: addDays(scene.today, -2) })
      .where(eq(planMemberships.id, scene.membership.id));
    const failing = planMembershipSchema.parse(
      (await get(`/v2/plan-memberships/${scene.membership.id}`, scene.authorization)).json(),
    );
    expect(failing).toMatchObject({ mandateProblem: true, paymentFailedOn: addDays(scene.today, -2) });

    await db
      .update(planMemberships)
      .set({ status: 'pending' })
      .where(eq(planMemberships.id, scene.membership.id));
    const pending = planMembershipSchema.parse(
      (await get(`/v2/plan-memberships/${scene.membership.id}`, scene.authorization)).json(),
    );
    expect(pending.coveredReasonIds).toEqual([]);
    // Not held yet: joining again reaches the same Direct Debit set-up, so the plan is still offered.
    const rex = petPlansSchema.parse(
      (await get(`/v2/pets/${scene.rex.id}/plans`, scene.authorization)).json(),
    );
    expect(rex.choices.map((c) => [c.plan.name, c.refusal])).toContainEqual(['Healthy Dog Club', null]);
  });

  it('answers another client’s membership exactly as a missing one', async () => {
    const scene = await planScene(db, signedInClient);
    const other = await planScene(db, signedInClient);
    const theirs = await get(`/v2/plan-memberships/${other.membership.id}`, scene.authorization);
    const missing = await get('/v2/plan-memberships/2000000000', scene.authorization);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await get('/v2/plan-memberships/abc', scene.authorization)).statusCode).toBe(400);
  });
});

describe('GET /v2/plan-memberships', () => {
  it('lists the client’s memberships only, live first', async () => {
    const scene = await planScene(db, signedInClient);
    await planScene(db, signedInClient);
    const ended = await createPlanMembership(db, {
      practiceId: scene.practice.id,
      planId: scene.catPlan.plan.id,
      clientId: scene.client.id,
      petId: scene.tibbles.id,
      status: 'cancelled',
      startedOn: addDays(scene.today, -10),
      renewsOn: addDays(scene.today, 355),
      endedAt: new Date(),
      endedBy: 'client',
      endReason: 'owner',
      exitFeePence: 0,
    });
    const response = await get('/v2/plan-memberships', scene.authorization);
    expect(response.statusCode).toBe(200);
    const { memberships } = planMembershipsSchema.parse(response.json());
    expect(memberships.map((m) => [m.id, m.status])).toEqual([
      [scene.membership.id, 'active'],
      [ended.id, 'cancelled'],
    ]);
    expect(memberships[1]).toMatchObject({
      endedOn: scene.today,
      endReason: 'owner',
      nextPaymentOn: null,
      coveredReasonIds: [],
    });
  });
});

describe('GET /v2/pets/:petId/plans', () => {
  it('answers a pet’s memberships and the plans it could join, each with the reason it may not', async () => {
    const scene = await planScene(db, signedInClient);
    const rexPlans = petPlansSchema.parse(
      (await get(`/v2/pets/${scene.rex.id}/plans`, scene.authorization)).json(),
    );
    expect(rexPlans.memberships.map((m) => m.id)).toEqual([scene.membership.id]);
    // The plan Rex is on is not offered again; the cat plan is refused with the reason.
    expect(rexPlans.choices.map((c) => [c.plan.name, c.refusal])).toEqual([
      ['Happy Cat Club', expect.stringMatching(/not for a /)],
    ]);

    const tibbles = petPlansSchema.parse(
      (await get(`/v2/pets/${scene.tibbles.id}/plans`, scene.authorization)).json(),
    );
    expect(tibbles.memberships).toEqual([]);
    expect(tibbles.choices.map((c) => [c.plan.name, c.refusal])).toEqual([
      ['Happy Cat Club', null],
      ['Healthy Dog Club', expect.stringMatching(/not for a /)],
    ]);
    expect(tibbles.choices[0]!.plan).toMatchObject({ species: [expect.any(String)], monthlyPence: 1_250 });
  });

  it('refuses a kitten under the age band, and a pet without a date of birth, with the reason', async () => {
    const scene = await planScene(db, signedInClient);
    const kitten = await createPet(db, {
      clientId: scene.client.id,
      name: 'Pip',
      speciesId: scene.cat.id,
      dateOfBirth: addDays(scene.today, -60),
    });
    const unknown = await createPet(db, { clientId: scene.client.id, name: 'Mog', speciesId: scene.cat.id });
    const refusal = async (petId: number) =>
      petPlansSchema
        .parse((await get(`/v2/pets/${petId}/plans`, scene.authorization)).json())
        .choices.find((c) => c.plan.name === 'Happy Cat Club')?.refusal;
    expect(await refusal(kitten.id)).toBe('Happy Cat Club is for pets from 6 months old.');
    expect(await refusal(unknown.id)).toMatch(/do not have Mog's date of birth/);
  });

  it('answers another client’s pet exactly as a missing one', async () => {
    const scene = await planScene(db, signedInClient);
    const other = await planScene(db, signedInClient);
    const theirs = await get(`/v2/pets/${other.rex.id}/plans`, scene.authorization);
    const missing = await get('/v2/pets/2000000000/plans', scene.authorization);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
  });
});
