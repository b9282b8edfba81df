import { createClient, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { mergeRequest } from './testing/merge-request.ts';

/**
 * Issue 65 on a merge (decision 0161): a client's and a pet's plan memberships move with them, and when
 * the pet born online joined a plan online that the practice's duplicate holds, the two become one: the
 * online one keeps its Direct Debit and takes the practice's reference and uses.
 */
const database = useTestDatabase();
const { db, pool } = database;
const app = useSignedInTestApp(database);
const { signedInClient } = app;
const unique = () => crypto.randomUUID().slice(0, 8);

const merge = mergeRequest(app);

async function planOf(practiceId: number) {
  const { rows } = await pool.query<{ id: number; benefit: number }>(
    `with plan as (insert into health_plans (practice_id, name, monthly_pence) values ($1, 'Plan', 1450) returning id),
          benefit as (insert into health_plan_benefits (plan_id, position, name, kind, allowance_per_year)
                      select id, 1, 'Health check', 'allowance', 2 from plan returning id)
     select plan.id, benefit.id as benefit from plan, benefit`,
    [practiceId],
  );
  return rows[0]!;
}

async function membership(
  plan: { id: number; benefit: number },
  pet: { id: number; clientId: number },
  practiceId: number,
  fields: { pmsRef?: string; mandate?: string; used?: number },
) {
  const { rows } = await pool.query<{ id: number }>(
    `insert into plan_memberships (pms_ref, practice_id, plan_id, client_id, pet_id, status, price_pence, started_on,
                                   renews_on, dd_mandate_id)
     values ($1, $2, $3, $4, $5, 'active', 1450, '2026-06-01', '2027-06-01', $6) returning id`,
    [fields.pmsRef ?? null, practiceId, plan.id, pet.clientId, pet.id, fields.mandate ?? null],
  );
  const id = rows[0]!.id;
  if (fields.used !== undefined)
    await pool.query(
      `insert into plan_membership_uses (membership_id, benefit_id, used) values ($1, $2, $3)`,
      [id, plan.benefit, fields.used],
    );
  return id;
}

describe('a merge and plan memberships', () => {
  it('moves the duplicate’s memberships, and folds two live ones of the same plan into the one joined online', async () => {
    const { client } = await signedInClient();
    const practiceId = client.homePracticeId;
    const onlinePet = await createPet(db, { clientId: client.id, registeredOnline: true });
    const duplicate = await createClient(db, { pmsRef: `C-${unique()}`, homePracticeId: practiceId });
    const practicePet = await createPet(db, { clientId: duplicate.id, pmsRef: `P-${unique()}` });
    const [shared, other] = [await planOf(practiceId), await planOf(practiceId)];
    const joinedOnline = await membership(shared, onlinePet, practiceId, { mandate: 'MD-ONLINE' });
    const memberRef = `M-${unique()}`;
    const practiceCopy = await membership(shared, practicePet, practiceId, { pmsRef: memberRef, used: 1 });
    const otherPlan = await membership(other, practicePet, practiceId, { pmsRef: `M-${unique()}` });

    expect((await merge('clients', client.id, duplicate.pmsRef!)).statusCode).toBe(200);
    expect((await merge('pets', onlinePet.id, practicePet.pmsRef!)).statusCode).toBe(200);

    const { rows } = await pool.query(
      `select m.id, m.pms_ref, m.dd_mandate_id, m.client_id, m.pet_id,
              (select sum(used)::int from plan_membership_uses u where u.membership_id = m.id) as used
         from plan_memberships m where m.id = any($1) order by m.id`,
      [[joinedOnline, practiceCopy, otherPlan]],
    );
    expect(rows).toEqual([
      {
        id: joinedOnline,
        pms_ref: memberRef,
        dd_mandate_id: 'MD-ONLINE',
        client_id: client.id,
        pet_id: onlinePet.id,
        used: 1,
      },
      expect.objectContaining({ id: otherPlan, client_id: client.id, pet_id: onlinePet.id }),
    ]);
  });
});
