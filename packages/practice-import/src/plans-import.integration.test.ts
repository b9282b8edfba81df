import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory, type Rows } from './testing/export-directory.ts';
import { planRows } from './testing/plan-rows.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

/** Health plans and memberships through the import (issue 65, decision 0161): rules and apply. */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

async function importGroup(
  edit: (files: ReturnType<typeof planRows>) => Partial<Record<string, Rows>> = () => ({}),
) {
  const group = testGroup();
  const plans = planRows(group);
  const files = { ...group.files, ...plans, ...edit(plans) };
  return { group, result: await importDirectory(database.url, await exportDirectory(files)), files };
}

const membershipOf = async (ref: string) => {
  const { rows } = await database.pool.query<Record<string, unknown>>(
    `select m.status, m.billing, m.price_pence, m.ended_by, m.end_reason, (m.ended_at is not null) as ended,
            h.pms_ref as plan, pe.pms_ref as pet, c.pms_ref as client, pr.pms_ref as practice,
            (select jsonb_object_agg(b.name, u.used) from plan_membership_uses u
               join health_plan_benefits b on b.id = u.benefit_id where u.membership_id = m.id) as uses
       from plan_memberships m join health_plans h on h.id = m.plan_id join pets pe on pe.id = m.pet_id
       join clients c on c.id = m.client_id join practices pr on pr.id = m.practice_id
      where m.pms_ref = $1`,
    [ref],
  );
  return rows[0];
};

describe('health plans imported', () => {
  it('stores plans in pence with their benefits, memberships and uses; a second import changes nothing', async () => {
    const { group, result, files } = await importGroup();
    expect(refusalsOf(result)).toEqual([]);
    expect(result.counts('health_plans.csv')).toEqual({ applied: 2, unchanged: 0, refused: 0 });
    expect(result.counts('health_plan_benefits.csv')).toEqual({ applied: 4, unchanged: 0, refused: 0 });
    const { rows: plans } = await database.pool.query(
      `select h.pms_ref, h.monthly_pence, h.yearly_pence, h.early_exit_fee_pence, h.cooling_off_days,
              (select array_agg(s.name order by s.name) from species s where s.id = any(h.species_ids)) as species,
              (select jsonb_agg(jsonb_build_array(b.position, b.name, b.kind, b.reason_id is not null, b.vaccination,
                                                  b.allowance_per_year, b.discount_percent) order by b.position)
                 from health_plan_benefits b where b.plan_id = h.id) as benefits
         from health_plans h where h.pms_ref = any($1) order by h.pms_ref`,
      [[group.ref('PLAN', 1), group.ref('PLAN', 2)]],
    );
    expect(plans).toEqual([
      {
        pms_ref: group.ref('PLAN', 1),
        monthly_pence: 1450,
        yearly_pence: 15950,
        early_exit_fee_pence: 2500,
        cooling_off_days: 14,
        species: ['Dog'],
        benefits: [
          [1, 'Vaccination', 'allowance', true, true, 1, null],
          [2, 'Health check', 'allowance', false, false, 2, null],
          [3, '10% off other treatment', 'discount', false, false, null, 10],
        ],
      },
      expect.objectContaining({ pms_ref: group.ref('PLAN', 2), monthly_pence: 1200, species: ['Cat'] }),
    ]);
    expect(await membershipOf(group.ref('MEM', 1))).toEqual({
      status: 'active',
      billing: 'monthly',
      price_pence: 1450,
      ended_by: null,
      end_reason: null,
      ended: false,
      plan: group.ref('PLAN', 1),
      pet: group.ref('PET', 1),
      client: group.ref('CLI', 1),
      practice: group.ref('PRAC', 1),
      uses: { 'Health check': 1, Vaccination: 0 },
    });
    const again = await importDirectory(database.url, await exportDirectory(files));
    expect(refusalsOf(again)).toEqual([]);
    for (const file of [
      'health_plans.csv',
      'health_plan_benefits.csv',
      'plan_memberships.csv',
      'plan_membership_uses.csv',
    ])
      expect(again.counts(file).applied, file).toBe(0);
  });

  it('refuses a plan’s and a benefit’s bad cells, naming the rule', async () => {
    const { group, result } = await importGroup((f) => ({
      'health_plans.csv': [
        ...f['health_plans.csv'],
        { ...f['health_plans.csv'][0]!, plan_ref: group0(f, 3), cooling_off_days: '7', species: 'Dgo' },
      ],
      'health_plan_benefits.csv': [
        ...f['health_plan_benefits.csv'],
        {
          plan_ref: f['health_plans.csv'][1]!.plan_ref!,
          name: 'Flea',
          kind: 'discount',
          allowance_per_year: '12',
        },
      ],
    }));
    const refusals = refusalsOf(result);
    expect(refusals).toContainEqual(
      'health_plans.csv:4 cooling_off_days: not a whole number of days from 14 to 365: the law gives at least 14 days to cancel',
    );
    expect(
      refusals.some((r) =>
        r.startsWith("health_plans.csv:4 species: not in the portal's list of species; nearest: Dog"),
      ),
    ).toBe(true);
    expect(refusals).toContainEqual(
      'health_plan_benefits.csv:6 -: a discount gives discount_percent, and no allowance_per_year, reason_ref or vaccination',
    );
    // The cat plan's benefits are applied whole: its other benefit waits with it.
    expect(refusals).toContainEqual(
      "health_plan_benefits.csv:5 -: a plan's benefits is applied whole, and line 6 is refused",
    );
    expect(group.tag).toBeTruthy();
  });

  it('refuses a second live membership of a pet on a plan, a use of no allowance, and a pending status', async () => {
    const { result } = await importGroup((f) => {
      const [member] = f['plan_memberships.csv'];
      return {
        'plan_memberships.csv': [
          member!,
          { ...member!, membership_ref: `${member!.membership_ref}-2` },
          { ...member!, membership_ref: `${member!.membership_ref}-3`, status: 'pending' },
          { ...member!, membership_ref: `${member!.membership_ref}-4`, status: 'cancelled' },
        ],
        'plan_membership_uses.csv': [
          ...f['plan_membership_uses.csv'],
          { membership_ref: member!.membership_ref!, benefit: '10% off other treatment', used: '1' },
          { membership_ref: `${member!.membership_ref}-4`, benefit: 'Dental', used: '1' },
        ],
      };
    });
    const refusals = refusalsOf(result);
    expect(refusals).toContainEqual(
      'plan_memberships.csv:3 plan_ref: the pet already has a live membership of this plan in line 2: end one (status cancelled or ended) first',
    );
    expect(refusals).toContainEqual(
      'plan_memberships.csv:4 status: pending is the portal’s own state while a Direct Debit is set up: send active',
    );
    expect(refusals).toContainEqual(
      'plan_memberships.csv:5 ended_on: required when status is cancelled or ended, and empty otherwise',
    );
    expect(refusals).toContainEqual(
      'plan_membership_uses.csv:4 benefit: a discount is not counted: only an allowance has uses',
    );
    expect(
      refusals.some((r) =>
        r.startsWith('plan_membership_uses.csv:5 membership_ref: refused in plan_memberships.csv line 5'),
      ),
    ).toBe(true);
  });

  it('refuses a live membership beside a stored one under another reference', async () => {
    const { group, files } = await importGroup();
    const other = files['plan_memberships.csv'].map((m) => ({
      ...m,
      membership_ref: `${m.membership_ref}-B`,
    }));
    const second = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'plan_memberships.csv': other }),
    );
    expect(refusalsOf(second)).toEqual([
      'plan_memberships.csv:2 plan_ref: the pet already has a live membership of this plan under another reference: end it first (status cancelled or ended)',
    ]);
    // Ending the first in the same batch lets the second stand.
    const ended = files['plan_memberships.csv'].map((m) => ({
      ...m,
      status: 'ended',
      ended_on: m.started_on!,
    }));
    const third = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'plan_memberships.csv': [...ended, ...other] }),
    );
    expect(refusalsOf(third)).toEqual([]);
    expect(await membershipOf(group.ref('MEM', 1))).toMatchObject({
      status: 'ended',
      ended_by: 'practice',
      ended: true,
    });
  });

  it('adopts a membership joined online, and does not make one the owner cancelled live again', async () => {
    const group = testGroup();
    const plans = planRows(group);
    const noMembers = {
      ...group.files,
      'health_plans.csv': plans['health_plans.csv'],
      'health_plan_benefits.csv': plans['health_plan_benefits.csv'],
    };
    expect(refusalsOf(await importDirectory(database.url, await exportDirectory(noMembers)))).toEqual([]);
    const member = plans['plan_memberships.csv'][0]!;
    await database.pool.query(
      `insert into plan_memberships (practice_id, plan_id, client_id, pet_id, status, price_pence, started_on, renews_on, dd_mandate_id)
       select h.practice_id, h.id, pe.client_id, pe.id, 'active', 1450, $3, $4, 'MD-TEST'
         from health_plans h, pets pe where h.pms_ref = $1 and pe.pms_ref = $2`,
      [member.plan_ref, member.pet_ref, member.started_on, member.renews_on],
    );
    const files = { ...group.files, ...plans };
    const adopted = await importDirectory(database.url, await exportDirectory(files));
    expect(refusalsOf(adopted)).toEqual([]);
    const { rows } = await database.pool.query(
      `select m.pms_ref, m.dd_mandate_id from plan_memberships m join pets pe on pe.id = m.pet_id where pe.pms_ref = $1`,
      [member.pet_ref],
    );
    expect(rows).toEqual([{ pms_ref: member.membership_ref, dd_mandate_id: 'MD-TEST' }]);
    // The owner cancels in the portal; an export that has not caught up still says active.
    await database.pool.query(
      `update plan_memberships set status = 'cancelled', ended_at = now(), ended_by = 'client', end_reason = 'owner',
              exit_fee_pence = 0 where pms_ref = $1`,
      [member.membership_ref],
    );
    const stale = await importDirectory(database.url, await exportDirectory(files));
    expect(refusalsOf(stale).filter((r) => r.startsWith('plan_memberships.csv'))).toEqual([
      expect.stringMatching(
        /^plan_memberships\.csv:2 status: cancelled in the portal by the owner on \d{4}-\d{2}-\d{2}: send it as cancelled or ended$/,
      ),
    ]);
    // Once the practice system says so, the owner's reason stays.
    const caughtUp = {
      ...files,
      'plan_memberships.csv': [{ ...member, status: 'cancelled', ended_on: member.started_on! }],
    };
    expect(refusalsOf(await importDirectory(database.url, await exportDirectory(caughtUp)))).toEqual([]);
    expect(await membershipOf(member.membership_ref!)).toMatchObject({
      status: 'cancelled',
      ended_by: 'client',
      end_reason: 'owner',
    });
  });

  it('replaces a plan’s benefits by name, keeping the uses of those that stay', async () => {
    const { group, files } = await importGroup();
    const benefits = files['health_plan_benefits.csv'].filter((b) => b.name !== 'Vaccination');
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        'health_plans.csv': files['health_plans.csv'],
        'health_plan_benefits.csv': benefits,
      }),
    );
    expect(refusalsOf(result)).toEqual([]);
    expect((await membershipOf(group.ref('MEM', 1)))?.uses).toEqual({ 'Health check': 1 });
  });
});

function group0(files: ReturnType<typeof planRows>, n: number): string {
  return files['health_plans.csv'][0]!.plan_ref!.replace(/-1$/, `-${n}`);
}
