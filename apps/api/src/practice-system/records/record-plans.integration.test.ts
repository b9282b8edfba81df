import { apiErrorSchema } from '@vet/contracts/errors';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { planRows } from '@vet/practice-import/testing/plan-rows';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * Health plans and memberships through the integration API (issue 65, decision 0161): a plan with its
 * benefits and a membership with its uses, by the import's rules (422 naming a child row's field),
 * versioned (If-Match), deactivated, and scoped to the caller's practices (decision 0105).
 */
const database = useTestDatabase();
const group = testGroup();
const elsewhere = testGroup();
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: {
    INTEGRATION_CLIENT_GRANTS: JSON.stringify([
      { client: 'one-practice', practices: [group.ref('PRAC', 1)], kinds: 'all' },
    ]),
  },
});
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
const onePractice = recordRequests(
  () => context.app,
  () => machineAuthorization({ clientId: 'one-practice' }),
);

type Json = Record<string, unknown>;
const containing = (text: string): unknown => expect.stringContaining(text);

/** A group's plan (by index) with its benefits, and its membership with its uses, as the API takes them. */
function recordsOf(of: typeof group) {
  const files = planRows(of);
  const plan = (index: number): Json => {
    const row = files['health_plans.csv'][index]!;
    return {
      ...row,
      health_plan_benefits: files['health_plan_benefits.csv']
        .filter((b) => b.plan_ref === row.plan_ref)
        .map(({ plan_ref: _, ...b }) => b),
    };
  };
  const member = files['plan_memberships.csv'][0]!;
  const membership: Json = {
    ...member,
    plan_membership_uses: files['plan_membership_uses.csv'].map(({ membership_ref: _, ...u }) => u),
  };
  return {
    plan,
    membership,
    planRef: (i: number) => String(plan(i).plan_ref),
    memberRef: member.membership_ref!,
  };
}

const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

beforeAll(async () => {
  await seedImportLookups(database);
  for (const of of [group, elsewhere])
    for (const [kind, file] of kindFiles) await api.batch(kind, jsonRecords(of, file));
});

describe('PUT /integration/v1/health-plans and /plan-memberships', () => {
  it('stores a plan with its benefits and a membership with its uses, then answers them unchanged', async () => {
    const { plan, membership, planRef, memberRef } = recordsOf(group);
    for (const index of [0, 1]) {
      const created = await api.put('health-plans', planRef(index), plan(index));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ outcome: 'applied', version: 1 });
    }
    const joined = await api.put('plan-memberships', memberRef, membership);
    expect(joined.statusCode, joined.body).toBe(201);
    const again = await api.put('plan-memberships', memberRef, membership);
    expect([again.statusCode, again.json()]).toEqual([
      200,
      expect.objectContaining({ outcome: 'unchanged', version: 1 }),
    ]);
    const { rows } = await database.pool.query(
      `select h.monthly_pence, m.price_pence, c.pms_ref as client,
              (select jsonb_object_agg(b.name, u.used) from plan_membership_uses u
                 join health_plan_benefits b on b.id = u.benefit_id where u.membership_id = m.id) as uses
         from plan_memberships m join health_plans h on h.id = m.plan_id join clients c on c.id = m.client_id
        where m.pms_ref = $1`,
      [memberRef],
    );
    expect(rows).toEqual([
      {
        monthly_pence: 1450,
        price_pence: 1450,
        client: group.ref('CLI', 1),
        uses: { 'Health check': 1, Vaccination: 0 },
      },
    ]);
  });

  it('refuses with 422 naming a benefit’s field and a second live membership', async () => {
    const { plan, membership, planRef, memberRef } = recordsOf(group);
    const bad = {
      ...plan(0),
      health_plan_benefits: [{ name: 'Dental', kind: 'allowance', discount_percent: 5 }],
    };
    const refused = await api.put('health-plans', planRef(0), bad);
    expect(refused.statusCode).toBe(422);
    expect(apiErrorSchema.parse(refused.json()).issues).toEqual([
      { path: 'health_plan_benefits[0].discount_percent', message: 'an allowance gives no discount_percent' },
    ]);
    await api.put('health-plans', planRef(0), plan(0));
    await api.put('plan-memberships', memberRef, membership);
    const second = await api.put('plan-memberships', `${memberRef}-2`, {
      ...membership,
      membership_ref: `${memberRef}-2`,
    });
    expect(second.statusCode).toBe(422);
    expect(apiErrorSchema.parse(second.json()).issues).toEqual([
      {
        path: 'plan_ref',
        message: containing('the pet already has a live membership of this plan under another reference'),
      },
    ]);
  });

  it('versions a membership (If-Match) and ends it on deactivation, keeping its record', async () => {
    const { plan, membership, memberRef } = recordsOf(elsewhere);
    await api.put('health-plans', String(plan(0).plan_ref), plan(0));
    await api.put('plan-memberships', memberRef, membership);
    const moved = { ...membership, next_payment_on: '2027-01-05' };
    expect((await api.put('plan-memberships', memberRef, moved, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await api.put('plan-memberships', memberRef, membership, { 'if-match': '"1"' });
    expect([stale.statusCode, codeOf(stale)]).toEqual([409, 'stale_version']);
    const ended = await api.deactivate('plan-memberships', memberRef);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ outcome: 'applied', version: 3 });
    expect((await api.deactivate('plan-memberships', memberRef)).json()).toMatchObject({
      outcome: 'unchanged',
    });
    const { rows } = await database.pool.query(
      `select status, ended_by, (ended_at is not null) as ended from plan_memberships where pms_ref = $1`,
      [memberRef],
    );
    expect(rows).toEqual([{ status: 'ended', ended_by: 'practice', ended: true }]);
    const closed = await api.deactivate('health-plans', String(plan(0).plan_ref));
    expect(closed.statusCode).toBe(200);
    const { rows: plans } = await database.pool.query(
      `select offered_online from health_plans where pms_ref = $1`,
      [plan(0).plan_ref],
    );
    expect(plans).toEqual([{ offered_online: false }]);
  });
});

describe('a practice system granted one practice', () => {
  it('writes its practice’s plans and memberships, never another practice’s', async () => {
    const own = recordsOf(group);
    expect((await onePractice.put('health-plans', own.planRef(1), own.plan(1))).statusCode).toBeLessThan(300);
    const other = recordsOf(elsewhere);
    const refused = await onePractice.put('health-plans', other.planRef(1), other.plan(1));
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'practice_not_served']);
    await api.put('health-plans', other.planRef(1), other.plan(1));
    const member = {
      ...other.membership,
      membership_ref: `${other.memberRef}-X`,
      plan_ref: other.planRef(1),
    };
    const notServed = await onePractice.put('plan-memberships', `${other.memberRef}-X`, member);
    expect([notServed.statusCode, codeOf(notServed)]).toEqual([403, 'practice_not_served']);
    expect((await onePractice.get('health-plans', other.planRef(1))).statusCode).toBe(404);
  });
});
